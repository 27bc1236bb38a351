// Qwen Code 0.24.4, the real client, offline against a fake Chat Completions API: `qwen --yolo -p`
// turns with every event a turn fires wired direct and through the bridge. Its SessionEnd fires
// only when an interactive session exits, so a -p turn has no end event to test.
import { realClientSuite } from './real-client-suite.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { qwen } from '../../src/clients/qwen/profile.js';

scrubClientVariables();

realClientSuite({
  name: 'qwen',
  label: 'Qwen Code 0.24.4',
  // MessageDisplay fires twice a turn (a partial and the final text): left out of the once-each count.
  events: ['InstructionsLoaded', 'SessionStart', 'UserPromptSubmit', 'Stop'],
  stopEvent: 'Stop',
  // The profile's list, which `hookd run` sets: this real run confirms it.
  projectVariables: qwen.hookVariables.projectDir,
  // The client's folder of this project under ~/.qwen/projects, not the project.
  otherDirVariables: ['QWEN_CODE_PROJECT_DIR'],
  userVariables: (arrival, client) => ({
    QWEN_PROJECT_DIR: client.project,
    QWEN_CODE_SESSION_ID: String(arrival.payload.session_id),
  }),
  sessionEnd: 'interactive-only',
});
