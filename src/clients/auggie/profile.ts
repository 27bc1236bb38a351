// Augment's CLI, `auggie` (`@augmentcode/auggie` 0.36.0; its bundled augment.mjs is the source read
// here, with docs.augmentcode.com/cli/hooks): `hooks` in settings.json, Claude Code's grouped shape,
// read from /etc/augment/settings.json (system, set by admins, highest precedence: hookd reads it
// when named with --settings and never edits it), ~/.augment/settings.json, and a project's
// .augment/settings.local.json and .augment/settings.json. Its events are its own: PreToolUse,
// PostToolUse, Stop, SessionStart, SessionEnd, Notification, PromptSubmit (Cursor's names are read
// too and mapped onto these). A matcher is a regular expression (default `.*`) on the tool name, read
// on the tool events only. `timeout` is in MILLISECONDS (default 60000). A command runs with no shell
// unless it starts with `~` or holds a shell operator (then `bash -c`), so hookd's entries, which hold
// `&&` and `;`, run under bash. The payload is pretty-printed JSON (`conversation_id`,
// `workspace_roots`, no `cwd`). Exit 2 blocks on PreToolUse only (stderr to the agent); any other
// exit, and a timeout, is a non-blocking error. JSON on stdout: `continue`, `systemMessage`,
// `hookSpecificOutput` (PreToolUse `permissionDecision` allow|deny|ask with its reason and
// `updatedInput`; PostToolUse `decision: "block"` and `additionalContext` for the agent). Only the tool
// events decide: 0.36.0 fires SessionStart, PromptSubmit and SessionEnd without waiting, and awaits
// Stop but drops its answer (the docs' Stop `decision: "block"` is parsed and never acted on).
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { AUGGIE_ANSWERS, AUGGIE_DIALECT } from './hif.js';

const TOOL = 'tool_name';

export const auggie: ClientProfile = {
  id: 'auggie',
  name: 'Auggie',
  userFiles: [{ path: '.augment/settings.json' }],
  projectFiles: [{ path: '.augment/settings.local.json' }, { path: '.augment/settings.json' }],
  pathPatterns: [/\/\.augment\/settings(\.local)?\.json$/, /^\/etc\/augment\/settings\.json$/],
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'milliseconds',
  defaultTimeoutSec: 60,
  events: ['SessionStart', 'PromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'Notification', 'SessionEnd'],
  fireAndForget: ['SessionStart', 'PromptSubmit', 'Stop', 'SessionEnd', 'Notification'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  sessionField: 'conversation_id',
  matchFields: { PreToolUse: TOOL, PostToolUse: TOOL },
  matcherRule: 'regex',
  // 0.36.0's tools (their names in augment.mjs), the shell first.
  tools: {
    shell: 'launch-process',
    names: [
      'launch-process',
      'read-process',
      'write-process',
      'kill-process',
      'list-processes',
      'view',
      'str-replace-editor',
      'save-file',
      'remove-files',
      'apply_patch',
      'grep-search',
      'codebase-retrieval',
      'web-fetch',
      'web-search',
      'sub-agent',
      'view_tasklist',
    ],
  },
  sendsNoCwd: true,
  envMarkers: ['AUGMENT_HOOK_EVENT', 'AUGMENT_CONVERSATION_ID'],
  envPrefixes: ['AUGMENT_'],
  hookVariables: { projectDir: ['AUGMENT_PROJECT_DIR'], sessionId: ['AUGMENT_CONVERSATION_ID'] },
  contract: {
    ...CLAUDE_LIKE,
    blockingExits: { PreToolUse: [2] },
    // Its plain stdout reaches no one: only the JSON fields above are read.
    textContextEvents: [],
    reads: {
      exit1: 'a non-blocking error: shown to the user, the agent goes on',
      exit2: 'PreToolUse: blocks the tool, stderr goes to the agent; elsewhere a non-blocking error',
      timeout: 'a non-blocking error (SIGTERM, then SIGKILL 5 s later): the agent goes on',
    },
  },
  dialect: AUGGIE_DIALECT,
  answers: AUGGIE_ANSWERS,
};
