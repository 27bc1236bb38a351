// Cline (CLI 3.x, `cline`), as the real binary behaves (3.0.65, offline: test/clients/cline.test.ts):
// a hook is an executable file named after its event, no extension, in a hooks folder: the user's
// ~/.cline/hooks and ~/Documents/Cline/Hooks, a project's .clinerules/hooks and .cline/hooks
// (clients/script-hooks.ts reads each as one hook). Its payload names the task (`taskId`), the
// workspace (`workspaceRoots`, no `cwd`) and, as `hookName`, an event of its own (`tool_call` for
// PreToolUse): the bridge entry names the event. It reads only stdout's JSON: `{"cancel": true,
// "errorMessage"}` stops the task, `contextModification` adds context; no exit code blocks (exit 1
// and 2 let the tool run, checked with the binary).
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { CLINE_ANSWERS, CLINE_DIALECT } from './hif.js';

const EVENTS = [
  'TaskStart',
  'TaskResume',
  'TaskCancel',
  'TaskComplete',
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'PreCompact',
];

export const cline: ClientProfile = {
  id: 'cline',
  name: 'Cline',
  userFiles: [{ path: '.cline/hooks' }, { path: 'Documents/Cline/Hooks' }],
  projectFiles: [{ path: '.clinerules/hooks' }, { path: '.cline/hooks' }],
  scriptHooks: true,
  pathPatterns: [new RegExp(`/(\\.cline/hooks|Documents/Cline/Hooks|\\.clinerules/hooks)/(${EVENTS.join('|')})$`)],
  layout: 'flat',
  jsonc: false,
  timeoutUnit: 'seconds',
  // The constant beside its hook runner in 3.0.65's bundle (120000 ms); not observed.
  defaultTimeoutSec: 120,
  events: EVENTS,
  // The task is over: nothing left to cancel.
  fireAndForget: ['TaskComplete', 'TaskCancel'],
  stopEvent: 'TaskComplete',
  attentionEvents: ['TaskComplete'],
  hookTypes: ['command'],
  sessionField: 'taskId',
  matchFields: {},
  unnamedEvents: EVENTS,
  sendsNoCwd: true,
  envMarkers: ['CLINE_BUILD_ENV', 'CLINE_CONNECTOR_CLI_LAUNCH'],
  envPrefixes: ['CLINE_'],
  // 3.0.65 sets no project variable; its hooks run in the workspace.
  hookVariables: { projectDir: [] },
  contract: {
    ...CLAUDE_LIKE,
    blockingExits: { '*': [] },
    // A timed-out hook: the bridge answers as a hook that failed, which lets the tool run.
    onTimeout: { exitCode: 1, stdout: '' },
    textContextEvents: [],
    reads: {
      exit1: 'ignored: the tool runs (only {"cancel": true} on stdout stops the task)',
      exit2: 'ignored: the tool runs (only {"cancel": true} on stdout stops the task)',
      timeout: 'the tool runs',
    },
  },
  dialect: CLINE_DIALECT,
  answers: CLINE_ANSWERS,
};
