// The agent's wait for a deciding hook through the synchronous bridge (issue 19), over the same
// hook run directly by the client, both through `sh -c` as the client runs them; ratios of one
// run, interleaved so the machine's drift hits both sides alike. The Node bridge's row says why
// the hot path is native: it is what a user without a C compiler gets.
import { existsSync, rmSync } from 'node:fs';
import { PAYLOAD as payload, bridgeEnv, median, printTable, row, tempDir, timeRun } from './lib.mjs';
import { syncCommand, wrapCommand } from '../dist/install/quote-command.js';

const REPS = Number(process.env.BENCH_REPS ?? 200);
const TRIVIAL = 'cat >/dev/null';
// A realistic guard: reads the event as JSON and prints a decision.
const REALISTIC = `python3 -c 'import json, sys; event = json.load(sys.stdin); print(json.dumps({"decision": "block", "reason": "tests fail"} if not event.get("stop_hook_active") else {}))'`;
const quote = (command) => `'${command.replaceAll("'", `'\\''`)}'`;

function compare(hook, reps, env) {
  const direct = [],
    bridged = [];
  for (let i = 0; i < reps; i++) {
    direct.push(timeRun('sh', ['-c', hook], payload, env));
    bridged.push(timeRun('sh', ['-c', `hookd sync --client claude -- ${quote(hook)}`], payload, env));
  }
  return { direct: median(direct), bridged: median(bridged) };
}

const state = tempDir();
const env = bridgeEnv(state);
const trivial = compare(TRIVIAL, REPS, env);
const realistic = compare(REALISTIC, Math.max(20, REPS / 4), env);
const node = compare(TRIVIAL, Math.max(20, REPS / 10), { ...env, HOOKD_BRIDGE_NODE: '1' });
// Carrying the client's trace context (issue 25): the same bridges with and without TRACEPARENT.
const traced = {
  ...env,
  TRACEPARENT: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  TRACESTATE: 'vendor=abc',
};
const carrying = (line) => {
  const plain = [],
    withContext = [];
  for (let i = 0; i < REPS; i++) {
    plain.push(timeRun('sh', ['-c', line], payload, env));
    withContext.push(timeRun('sh', ['-c', line], payload, traced));
  }
  return { plain: median(plain), traced: median(withContext) };
};
// The entries install writes (issue 29: `command -v hookd … && exec hookd …; CMD`, which runs CMD
// itself where hookd is missing) against the bare ones it wrote before, and, where the client finds
// no hookd, the guarded entry against the client running CMD itself.
const pairs = (lines, reps, runEnv) => {
  const times = lines.map(() => []);
  for (let i = 0; i < reps; i++)
    lines.forEach((line, index) => times[index].push(timeRun('sh', ['-c', line], payload, runEnv)));
  return times.map(median);
};
const wrap = { client: 'claude', event: 'PreToolUse', timeoutSec: 600 };
const [guardedSync, bareSync] = pairs(
  [syncCommand(TRIVIAL, wrap), `hookd sync --client claude --event PreToolUse --timeout 600 -- ${quote(TRIVIAL)}`],
  REPS,
  env,
);
const [guardedEmit, bareEmit] = pairs([wrapCommand(TRIVIAL), `hookd emit -- ${quote(TRIVIAL)}`], REPS, env);
const withoutHookd = {
  ...env,
  PATH: env.PATH.split(':')
    .filter((dir) => !existsSync(`${dir}/hookd`))
    .join(':'),
};
const [fallback, alone] = pairs([syncCommand(TRIVIAL, wrap), TRIVIAL], REPS, withoutHookd);
const syncTrace = carrying(`hookd sync -- ${quote(TRIVIAL)}`);
const emitTrace = carrying(`hookd emit -- ${quote(TRIVIAL)}`);
rmSync(state, { recursive: true, force: true });

printTable('Synchronous bridge: the agent waits for a deciding hook (ratio to the client running it directly)', [
  row(`hookd sync -- '${TRIVIAL}' / sh -c '${TRIVIAL}'`, trivial.bridged, trivial.direct, '<= 2.5'),
  row('hookd sync -- python3 guard / sh -c python3 guard', realistic.bridged, realistic.direct, '<= 1.2'),
  row(
    `Node bridge (no C compiler): trivial hook / direct`,
    node.bridged,
    node.direct,
    'none (why the hot path is native)',
  ),
  row('hookd sync with TRACEPARENT / without', syncTrace.traced, syncTrace.plain, '~1 (within noise)'),
  row('hookd emit with TRACEPARENT / without', emitTrace.traced, emitTrace.plain, '~1 (within noise)'),
  row(
    'guarded sync entry (command -v hookd && exec …; CMD) / bare hookd sync entry',
    guardedSync,
    bareSync,
    '~1 (within noise)',
  ),
  row('guarded emit entry / bare hookd emit entry', guardedEmit, bareEmit, '~1 (within noise)'),
  row('hookd missing: guarded entry (runs CMD itself) / sh -c CMD', fallback, alone, '~1 (within noise)'),
]);
