// The canonical form (issue 31): what translating a canonical hook's answer costs the agent, and
// what a shipped guard costs to start. Ratios of one run, interleaved so the machine's drift hits
// both sides alike: `hookd sync --canonical` against the same hook behind `hookd sync` (the
// translation, the canonical fields), and `hookd guard no-rm-rf` against Node starting an empty
// script (the floor of any Node guard) and against the same guard run as `node FILE`.
import path from 'node:path';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PAYLOAD as payload, bridgeEnv, median, printTable, row, tempDir, timeRun } from './lib.mjs';

const REPS = Number(process.env.BENCH_REPS ?? 200);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const DENY = `cat >/dev/null; echo '{"decision":"deny","reason":"no"}'`;
const quote = (command) => `'${command.replaceAll("'", `'\\''`)}'`;
const state = tempDir();
const env = {
  ...bridgeEnv(state),
  HOOKD_HIF_CLIENT: 'claude',
  HOOKD_HIF_TOOL: 'shell',
  HOOKD_HIF_COMMAND: 'git status && ls -la | head' /* allowed, parsed whole: the common case (timeRun wants exit 0) */,
};

function pairs(lines, reps) {
  const times = lines.map(() => []);
  for (let i = 0; i < reps; i++)
    lines.forEach((line, index) => times[index].push(timeRun('sh', ['-c', line], payload, env)));
  return times.map(median);
}

const [canonical, plain] = pairs(
  [
    `hookd sync --canonical --client copilot --event preToolUse -- ${quote(DENY)}`,
    `hookd sync --client copilot --event preToolUse -- ${quote(DENY)}`,
  ],
  REPS,
);
const guardFile = path.join(root, 'hooks-examples', 'guards', 'no-rm-rf.mjs');
const [viaHookd, viaNode, empty] = pairs(
  ['hookd guard no-rm-rf', `node ${guardFile}`, "node -e ''"],
  Math.max(20, REPS / 10),
);
rmSync(state, { recursive: true, force: true });

printTable('The canonical form: translation and guards', [
  row(
    'hookd sync --canonical (translated answer) / hookd sync (the same hook, passed through)',
    canonical,
    plain,
    '~1 (within noise)',
  ),
  row('hookd guard no-rm-rf / node -e "" (Node starting nothing)', viaHookd, empty, 'none (what a Node guard costs)'),
  row('node no-rm-rf.mjs / node -e ""', viaNode, empty, 'none (the guard and its parser alone)'),
]);
