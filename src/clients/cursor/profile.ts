// Cursor: ~/.cursor/hooks.json, `{"version": 1, "hooks": {"stop": [{"command"}]}}`: hooks stand
// straight in the event list, events are camelCase, and the session is `conversation_id`.
// `stop` may answer `followup_message`, and the `before…` events gate the agent.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { CURSOR_ANSWERS, CURSOR_DIALECT } from './hif.js';

export const cursor: ClientProfile = {
  id: 'cursor',
  name: 'Cursor',
  userFiles: [{ path: '.cursor/hooks.json' }],
  projectFiles: [{ path: '.cursor/hooks.json' }],
  pathPatterns: [/\/\.cursor\/hooks\.json$/],
  layout: 'flat',
  newFileVersion: 1,
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: [
    'sessionStart',
    'sessionEnd',
    'beforeSubmitPrompt',
    'beforeShellExecution',
    'afterShellExecution',
    'beforeMCPExecution',
    'afterMCPExecution',
    'beforeReadFile',
    'afterFileEdit',
    'afterAgentResponse',
    'afterAgentThought',
    'preToolUse',
    'postToolUse',
    'postToolUseFailure',
    'subagentStart',
    'subagentStop',
    'preCompact',
    'stop',
    'beforeTabFileRead',
    'afterTabFileEdit',
  ],
  fireAndForget: [
    'sessionEnd',
    'afterShellExecution',
    'afterMCPExecution',
    'afterFileEdit',
    'afterAgentResponse',
    'afterAgentThought',
    'afterTabFileEdit',
  ],
  stopEvent: 'stop',
  attentionEvents: ['stop'],
  hookTypes: ['command', 'prompt'],
  sessionField: 'conversation_id',
  matchFields: { preToolUse: 'tool_name', postToolUse: 'tool_name', postToolUseFailure: 'tool_name' },
  // Its payloads name `workspace_roots`, not `cwd`; with third-party hooks on it also runs Claude Code's files.
  sendsNoCwd: true,
  alsoRuns: ['claude'],
  envMarkers: ['CURSOR_TRACE_ID', 'CURSOR_AGENT'],
  envPrefixes: ['CURSOR_'],
  // From its docs (no binary here): the project under its name and Claude Code's.
  hookVariables: { projectDir: ['CURSOR_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] },
  contract: { ...CLAUDE_LIKE, textContextEvents: [] },
  dialect: CURSOR_DIALECT,
  answers: CURSOR_ANSWERS,
};
