// Codex 0.169.0, the real client, offline against a fake Responses API (issue 15): `codex exec`
// turns (hooks trusted for the run by --dangerously-bypass-hook-trust) with every event a turn
// fires wired direct and through the bridge. Codex gives its hooks no *_PROJECT_DIR.
import { realClientSuite } from './real-client-suite.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { codex } from '../../src/clients/codex/profile.js';

scrubClientVariables();

realClientSuite({
  name: 'codex',
  label: 'Codex 0.171.0',
  events: ['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd'],
  stopEvent: 'Stop',
  // The profile's list, which `hookd run` sets: this real run confirms it.
  projectVariables: codex.hookVariables.projectDir,
  userVariables: () => ({}),
  sessionEnd: 'kills',
});
