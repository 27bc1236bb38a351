// Windsurf (Cascade hooks), from its docs (docs.windsurf.com/windsurf/cascade/hooks; no binary runs
// here: it is an editor): the user's ~/.codeium/windsurf/hooks.json and a workspace's
// .windsurf/hooks.json, `{"hooks": {"pre_run_command": [{"command", "show_output",
// "working_directory"}]}}`: hooks straight in the event list, as Cursor's. A system file
// (/etc/windsurf/hooks.json on Linux) and the team dashboard's hooks run first; hookd reads neither.
// The tool is in the event's name; payloads name the event as `agent_action_name` (not
// `hook_event_name`: the bridge entry names it), the conversation as `trajectory_id`, the action
// under `tool_info`. Exit 2 from a pre_ hook blocks the action with stderr shown; nothing else decides.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { WINDSURF_ANSWERS, WINDSURF_DIALECT } from './hif.js';

const EVENTS = [
  'pre_read_code',
  'post_read_code',
  'pre_write_code',
  'post_write_code',
  'pre_run_command',
  'post_run_command',
  'pre_mcp_tool_use',
  'post_mcp_tool_use',
  'pre_user_prompt',
  'post_cascade_response',
];
const PRE = EVENTS.filter((event) => event.startsWith('pre_'));

export const windsurf: ClientProfile = {
  id: 'windsurf',
  name: 'Windsurf',
  userFiles: [{ path: '.codeium/windsurf/hooks.json' }],
  projectFiles: [{ path: '.windsurf/hooks.json' }],
  pathPatterns: [/\/\.codeium\/windsurf\/hooks\.json$/, /\/\.windsurf\/hooks\.json$/],
  layout: 'flat',
  jsonc: false,
  // Its docs name no timeout key and no default: an entry's `timeout` is hookd's, kept for its bridge.
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: EVENTS,
  fireAndForget: EVENTS.filter((event) => !PRE.includes(event)),
  stopEvent: 'post_cascade_response',
  attentionEvents: ['post_cascade_response'],
  hookTypes: ['command'],
  sessionField: 'trajectory_id',
  matchFields: {},
  unnamedEvents: EVENTS,
  sendsNoCwd: true,
  // Its docs name no variable it sets for a hook: the bridge entry names the client.
  envMarkers: [],
  envPrefixes: ['WINDSURF_'],
  hookVariables: { projectDir: [] },
  contract: {
    ...CLAUDE_LIKE,
    blockingExits: Object.fromEntries([...PRE.map((event) => [event, [2]]), ['*', []]]),
    textContextEvents: [],
    reads: {
      exit1: 'a failed hook: the action goes on',
      exit2: 'a pre_ event: blocks the action, stderr shown (post_ events: nothing)',
      timeout: 'the action goes on (its docs name no timeout)',
    },
  },
  dialect: WINDSURF_DIALECT,
  answers: WINDSURF_ANSWERS,
};
