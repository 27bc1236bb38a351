// The Windows bridge (hookd-bridge.exe, issue 44) under wine: the agent's wait for a deciding hook
// through `hookd sync`, over the client running the hook itself (`cmd /c type nul`), both started
// from here through wine the same way, interleaved in one run so the machine's drift hits both alike.
// Under wine most of either is starting cmd.exe, and starting it from Linux (`wine cmd`) costs more
// than the bridge's CreateProcess of it inside wine: the ratio can be below 1. The emit row is the
// bridge's own start and work, with no hook. The prebuilt package's compile (scripts/zig-bridge.mjs)
// is what runs. Skipped, saying why, without wine or zig.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PAYLOAD as payload, median, printTable, row, tempDir } from './lib.mjs';
import { ZIG } from '../scripts/zig-bridge.mjs';
import { ensureWine, windowsBridge, wineEnv, windowsPath } from '../test/windows/bridge-exe.mjs';

const REPS = Math.max(20, Number(process.env.BENCH_REPS ?? 200) / 5);
const hasWine = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v wine'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

if (!hasWine || !existsSync(ZIG)) {
  console.log(
    `\nWindows bridge under wine: skipped (${hasWine ? `no zig at ${ZIG}: npm ci --prefix test/registry` : 'wine is not installed'})`,
  );
} else {
  await ensureWine();
  const bridge = await windowsBridge();
  const env = wineEnv();
  const state = windowsPath(tempDir());
  // Timed as lib.mjs's timeRun times a command; a run that fails (wine under load has dropped one in some
  // hundreds) is counted and said, not timed, rather than ending every benchmark after this one.
  const failures = [];
  const wine = (args) => {
    const started = process.hrtime.bigint();
    const result = spawnSync('wine', args, { input: payload, env, stdio: ['pipe', 'ignore', 'pipe'] });
    if (result.status === 0) return Number(process.hrtime.bigint() - started) / 1e6;
    failures.push(
      `${args.slice(-1)[0]} via ${path.basename(args[0])}: exit ${result.status} ${String(result.stderr).trim()}`,
    );
    return undefined;
  };
  // One warm-up of each: the first start of a program under wine maps its files.
  const lines = [
    ['cmd', '/c', 'type nul'],
    [bridge, 'sync', '--client', 'claude', '--state-dir', state, '--', 'type nul'],
    [bridge, 'emit', '--state-dir', state, '--', 'type nul'],
  ];
  for (const line of lines) wine(line);
  const times = lines.map(() => []);
  for (let i = 0; i < REPS; i++)
    lines.forEach((line, index) => {
      const ms = wine(line);
      if (ms !== undefined) times[index].push(ms);
    });
  const [direct, synced, emitted] = times.map(median);
  printTable('Windows bridge under wine: the agent waits for a hook (ratio to the client running it through cmd)', [
    row('wine hookd-bridge.exe sync -- type nul / wine cmd /c type nul', synced, direct, '<= 2'),
    row('wine hookd-bridge.exe emit -- type nul / wine cmd /c type nul', emitted, direct, '< 1 (no hook runs)'),
  ]);
  if (failures.length)
    console.log(`  ${failures.length} of ${REPS * lines.length} runs failed, left out: ${failures.join('; ')}`);
}
