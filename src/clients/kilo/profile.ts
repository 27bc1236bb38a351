// Kilo Code's CLI (`@kilocode/cli` 7.7.7, a fork of OpenCode): as OpenCode, no command hooks of its
// own, only in-process plugins, here in ~/.config/kilo/plugin/ (seen loading with the real binary,
// which does not load OpenCode's ~/.config/opencode/plugin/: hookd's two shims never both run).
// hookd's shim is OpenCode's adapter (shims/opencode.js) written to ~/.config/kilo/plugin/hookd.js,
// running the hooks of the hookd-owned ~/.config/hookd/kilo.json in Claude Code's shape with
// Claude-shaped payloads; what Kilo awaits and what it does not is OpenCode's (clients/opencode/profile.ts).
import type { ClientProfile } from '../profile.js';
import { opencode } from '../opencode/profile.js';
import { KILO_ANSWERS, KILO_DIALECT } from './hif.js';

export const kilo: ClientProfile = {
  ...opencode,
  id: 'kilo',
  name: 'Kilo Code CLI',
  userFiles: [{ path: '.config/hookd/kilo.json' }],
  homeFolder: '.config/kilo',
  shim: { file: '.config/kilo/plugin/hookd.js', called: 'plugin', adapter: 'opencode' },
  pathPatterns: [/\/\.config\/hookd\/kilo\.json$/],
  // 7.7.7's tools, as its real binary offered them to the model here: OpenCode's and its own.
  tools: {
    shell: 'bash',
    names: [
      'bash',
      'read',
      'write',
      'edit',
      'glob',
      'grep',
      'task',
      'todowrite',
      'webfetch',
      'skill',
      'background_process',
      'board_post',
      'board_read',
      'schedule_wakeup',
      'cancel_wakeup',
      'kilo_local_recall',
    ],
  },
  envMarkers: ['KILO_PROJECT_DIR'],
  envPrefixes: ['KILO'],
  hookVariables: { projectDir: ['KILO_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] },
  dialect: KILO_DIALECT,
  answers: KILO_ANSWERS,
};
