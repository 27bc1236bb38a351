// The agent's wait for a deciding hook through the synchronous bridge (issue 19), over the same
// hook run directly by the client, both through `sh -c` as the client runs them; ratios of one
// run, interleaved so the machine's drift hits both sides alike. The Node bridge's row says why
// the hot path is native: it is what a user without a C compiler gets.
import { rmSync } from 'node:fs';
import { PAYLOAD as payload, bridgeEnv, median, printTable, row, tempDir, timeRun } from './lib.mjs';

const REPS = Number(process.env.BENCH_REPS ?? 200);
const TRIVIAL = 'cat >/dev/null';
// A realistic guard: reads the event as JSON and prints a decision.
const REALISTIC = `python3 -c 'import json, sys; event = json.load(sys.stdin); print(json.dumps({"decision": "block", "reason": "tests fail"} if not event.get("stop_hook_active") else {}))'`;
const quote = (command) => `'${command.replaceAll("'", `'\\''`)}'`;

function compare(hook, reps, env) {
  const direct = [], bridged = [];
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
const traced = { ...env, TRACEPARENT: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', TRACESTATE: 'vendor=abc' };
const carrying = (line) => {
  const plain = [], withContext = [];
  for (let i = 0; i < REPS; i++) {
    plain.push(timeRun('sh', ['-c', line], payload, env));
    withContext.push(timeRun('sh', ['-c', line], payload, traced));
  }
  return { plain: median(plain), traced: median(withContext) };
};
const syncTrace = carrying(`hookd sync -- ${quote(TRIVIAL)}`);
const emitTrace = carrying(`hookd emit -- ${quote(TRIVIAL)}`);
rmSync(state, { recursive: true, force: true });

printTable('Synchronous bridge: the agent waits for a deciding hook (ratio to the client running it directly)', [
  row(`hookd sync -- '${TRIVIAL}' / sh -c '${TRIVIAL}'`, trivial.bridged, trivial.direct, '<= 2.5'),
  row('hookd sync -- python3 guard / sh -c python3 guard', realistic.bridged, realistic.direct, '<= 1.2'),
  row(`Node bridge (no C compiler): trivial hook / direct`, node.bridged, node.direct, 'none (why the hot path is native)'),
  row('hookd sync with TRACEPARENT / without', syncTrace.traced, syncTrace.plain, '~1 (within noise)'),
  row('hookd emit with TRACEPARENT / without', emitTrace.traced, emitTrace.plain, '~1 (within noise)'),
]);
