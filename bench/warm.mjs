// Decisions in milliseconds (issue 40): the agent's wait for a tool call through the entries
// `hookd install --add no-rm-rf,no-force-push,no-secrets-read,no-pipe-to-shell` writes, the daemon
// up (the guards answer warm), against `sh -c 'cat >/dev/null'` (the client's own spawn of a trivial
// hook) measured in the same run, interleaved; each through `sh -c`, as the client runs it, with
// `hookd` the native front door (what an install puts in bin/hookd's place). Then the same Bash call
// with the daemon down (every guard cold, as before warm handlers), and a Python hook marked warm
// against the same hook run cold.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, bridgeEnv, median, printTable, row, startDaemon, tempDir, timeRun } from './lib.mjs';
import { syncCommand } from '../dist/install/quote-command.js';

const REPS = Number(process.env.BENCH_REPS ?? 100);
const FRONT_DOOR_DIR = path.join(ROOT, 'dist', 'front-door');
const home = tempDir();
const project = path.join(home, 'project');
mkdirSync(path.join(home, '.claude'), { recursive: true });
mkdirSync(project);
const settings = path.join(home, '.claude', 'settings.json');
writeFileSync(settings, '{}\n');
const homeEnv = {
  ...process.env,
  HOME: home,
  XDG_STATE_HOME: path.join(home, '.state'),
  XDG_CONFIG_HOME: path.join(home, '.config'),
};
execFileSync(
  path.join(ROOT, 'bin', 'hookd'),
  ['install', '--add', 'no-rm-rf,no-force-push,no-secrets-read,no-pipe-to-shell'],
  { env: homeEnv, stdio: 'ignore' },
);
const entries = JSON.parse(readFileSync(settings, 'utf8')).hooks.PreToolUse;
const entryFor = (tool) => entries.find((group) => group.matcher.split('|').includes(tool)).hooks[0].command;

// A Python hook that decides warm or cold alike: warm (HOOKD_WARM=1) a JSON line per request, cold the payload on stdin.
const PYTHON = path.join(home, 'guard.py');
writeFileSync(
  PYTHON,
  `import json, os, sys
def decide(command):
    return {"decision": "deny", "reason": "no"} if "rm -rf /" in command else {}
if os.environ.get("HOOKD_WARM") == "1":
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps(decide(request["hif"].get("command", ""))), flush=True)
else:
    json.load(sys.stdin)
    print(json.dumps(decide(os.environ.get("HOOKD_HIF_COMMAND", ""))))
`,
);
const pythonWrap = { client: 'claude', event: 'PreToolUse', timeoutSec: 10 };
const pythonWarm = syncCommand(`python3 ${PYTHON}`, { ...pythonWrap, warm: true });
const pythonCold = syncCommand(`python3 ${PYTHON}`, { ...pythonWrap, canonical: true });
writeFileSync(
  settings,
  JSON.stringify({
    hooks: { PreToolUse: [...entries, { matcher: 'Bash', hooks: [{ type: 'command', command: pythonWarm }] }] },
  }),
);

const call = (tool, input) =>
  Buffer.from(
    JSON.stringify({
      session_id: 'bench',
      hook_event_name: 'PreToolUse',
      tool_name: tool,
      tool_input: input,
      cwd: project,
    }),
  );
const BASH = call('Bash', { command: 'git status && npm test' });
const READ = call('Read', { file_path: path.join(project, 'src', 'index.ts') });

const daemon = await startDaemon(null, [], {
  HOME: home,
  HOOKD_SETTINGS: settings,
  XDG_STATE_HOME: path.join(home, '.state'),
});
const env = {
  ...bridgeEnv(daemon.env.HOOKD_STATE_DIR),
  HOME: home,
  CLAUDE_PROJECT_DIR: project,
  PATH: `${FRONT_DOOR_DIR}:${process.env.PATH}`,
};

/** Medians of `lines` (each `[command, payload]`), interleaved `reps` times. */
function interleaved(lines, reps, runEnv = env) {
  const times = lines.map(() => []);
  for (let i = 0; i < reps; i++)
    lines.forEach(([line, payload], at) => times[at].push(timeRun('sh', ['-c', line], payload, runEnv)));
  return times.map(median);
}

// The handlers start with the daemon: a few calls first, so every measured one is warm.
interleaved(
  [
    [entryFor('Bash'), BASH],
    [entryFor('Read'), READ],
    [pythonWarm, BASH],
  ],
  5,
);
const [base, bash, read] = interleaved(
  [
    ['cat >/dev/null', BASH],
    [entryFor('Bash'), BASH],
    [entryFor('Read'), READ],
  ],
  REPS,
);
const [warmPython, coldPython] = interleaved(
  [
    [pythonWarm, BASH],
    [pythonCold, BASH],
  ],
  Math.max(20, REPS / 2),
);
await daemon.stop();
const [downBase, downBash] = interleaved(
  [
    ['cat >/dev/null', BASH],
    [entryFor('Bash'), BASH],
  ],
  Math.max(10, REPS / 5),
);

printTable('Warm decisions (medians, ms; through sh -c, hookd the native front door)', [
  row("Bash call, the four guards, daemon up / sh -c 'cat >/dev/null'", bash, base, '<= 2'),
  row("Read call, the four guards, daemon up / sh -c 'cat >/dev/null'", read, base, '<= 1.5'),
  row('a Python hook marked warm / the same hook cold', warmPython, coldPython, '<= 0.2'),
  row(
    "Bash call, daemon down (every guard cold) / sh -c 'cat >/dev/null'",
    downBash,
    downBase,
    '(was about 50 for one guard)',
  ),
]);
