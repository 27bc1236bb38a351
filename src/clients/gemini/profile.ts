// Gemini CLI: `hooks` beside the other keys of ~/.gemini/settings.json (comments allowed), timeouts
// in MILLISECONDS (default 60000). AfterAgent is its "stop" and can send the agent back to work.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { GEMINI_ANSWERS, GEMINI_DIALECT } from './hif.js';

export const gemini: ClientProfile = {
  id: 'gemini',
  name: 'Gemini CLI',
  userFiles: [{ path: '.gemini/settings.json' }],
  projectFiles: [{ path: '.gemini/settings.json' }],
  pathPatterns: [/\/\.gemini\/settings\.json$/],
  layout: 'grouped',
  // PowerShell (its getShellConfiguration, in shell-utils).
  windows: { shell: 'powershell' },
  // Its hook registry discards a group or hook it cannot read, each with a warning, and runs the
  // rest ("Discarding invalid hook definition…"; checked with the binary, 0.61). An event whose
  // value is not a list drops that event only (a lone group there Gemini runs: load.ts says so).
  dropsInvalid: 'entries-and-events',
  // Its HOOKS_CONFIG_FIELDS: settings beside the events under `hooks` (older files; newer ones use hooksConfig).
  hookSettings: ['enabled', 'disabled', 'notifications'],
  jsonc: true,
  timeoutUnit: 'milliseconds',
  defaultTimeoutSec: 60,
  events: [
    'SessionStart',
    'BeforeAgent',
    'AfterAgent',
    'BeforeModel',
    'AfterModel',
    'BeforeToolSelection',
    'BeforeTool',
    'AfterTool',
    'PreCompress',
    'Notification',
    'SessionEnd',
  ],
  fireAndForget: ['Notification', 'SessionEnd', 'PreCompress'],
  stopEvent: 'AfterAgent',
  attentionEvents: ['AfterAgent', 'Notification'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: {
    BeforeTool: 'tool_name',
    AfterTool: 'tool_name',
    SessionStart: 'source',
    SessionEnd: 'reason',
    Notification: 'notification_type',
    PreCompress: 'trigger',
  },
  // Gemini sets CLAUDE_PROJECT_DIR too, for compatibility: its own variables name it.
  envMarkers: ['GEMINI_SESSION_ID', 'GEMINI_PROJECT_DIR', 'GEMINI_CWD'],
  envPrefixes: ['GEMINI_'],
  // The *_TOOL_NAME constants of the installed bundle.
  tools: {
    shell: 'run_shell_command',
    names: [
      'run_shell_command',
      'read_file',
      'read_many_files',
      'write_file',
      'replace',
      'glob',
      'grep_search',
      'list_directory',
      'web_fetch',
      'google_web_search',
      'save_memory',
      'write_todos',
      'activate_skill',
      'invoke_agent',
      'ask_user',
      'complete_task',
      'enter_plan_mode',
      'exit_plan_mode',
      'get_internal_docs',
      'list_mcp_resources',
      'read_mcp_resource',
      'take_snapshot',
      'update_topic',
      'tracker_add_dependency',
      'tracker_create_task',
      'tracker_get_task',
      'tracker_list_tasks',
      'tracker_update_task',
      'tracker_visualize',
    ],
  },
  // Its hook runner sets the project to the payload's cwd (the session's directory).
  hookVariables: {
    projectDir: ['GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
    cwd: ['GEMINI_CWD'],
    sessionId: ['GEMINI_SESSION_ID'],
  },
  contract: { ...CLAUDE_LIKE, textContextEvents: [] },
  dialect: GEMINI_DIALECT,
  answers: GEMINI_ANSWERS,
};
