// Gemini CLI 0.61.0, the real client, offline against a fake Gemini API (issue 15): `gemini -p`
// turns with every event a turn fires wired direct and through the bridge. Its hook timeouts are
// milliseconds: the hooks here set none (the client's default is 60000 ms, the daemon's 60 s).
import { realClientSuite } from './real-client-suite.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { gemini } from '../../src/clients/gemini/profile.js';

scrubClientVariables();

realClientSuite({
  name: 'gemini',
  label: 'Gemini CLI 0.61.0',
  // PreCompress fires in every turn (trigger "auto"), before the model is asked, even with a tiny context.
  events: [
    'SessionStart',
    'BeforeAgent',
    'PreCompress',
    'BeforeModel',
    'BeforeToolSelection',
    'AfterModel',
    'AfterAgent',
    'SessionEnd',
  ],
  stopEvent: 'AfterAgent',
  // The profile's list, which `hookd run` sets: this real run confirms it.
  projectVariables: gemini.hookVariables.projectDir,
  userVariables: (arrival, client) => ({
    GEMINI_PROJECT_DIR: client.project,
    GEMINI_CWD: client.project,
    GEMINI_SESSION_ID: String(arrival.payload.session_id),
  }),
  sessionEnd: 'waits',
});
