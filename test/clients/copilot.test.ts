// GitHub Copilot CLI 1.0.102, the real binary, offline (COPILOT_OFFLINE=true, a provider on a fake
// Chat Completions API): `copilot -p` turns with every event a turn fires wired direct and through
// the bridge. Its camelCase events send payloads with no hook_event_name: the bridge entries name
// the event (`hookd emit --event NAME`), as install writes them, and the daemon's outcomes carry it.
// Its PascalCase names (SessionStart, Stop) send Claude Code's snake_case payloads, named.
import { realClientSuite } from './real-client-suite.js';
import { scrubClientVariables } from './real-client-helpers.js';

scrubClientVariables();

const CAMEL = ['sessionStart', 'userPromptSubmitted', 'agentStop', 'sessionEnd'];

realClientSuite({
  name: 'copilot',
  label: 'GitHub Copilot CLI 1.0.102',
  events: [...CAMEL, 'SessionStart', 'Stop'],
  unnamedEvents: CAMEL,
  stopEvent: 'agentStop',
  endEvent: 'sessionEnd',
  projectVariables: ['COPILOT_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
  userVariables: (_arrival, client) => ({ COPILOT_CLI: '1', COPILOT_PROJECT_DIR: client.project, COPILOT_HOOK_DIR: `${client.home}/.copilot/hooks` }),
  sessionEnd: 'waits',
});
