// A client running a deciding hook, four ways: `sh -c CMD` (the client alone), and
// `sh -c "hookd sync … -- 'CMD'"` through the native bridge (bin/hookd's script, which execs it),
// through the native front door (the program itself as `hookd`, as installs put it) and through the
// Node one (HOOKD_BRIDGE_NODE=1). Each run gets its own state directory; what the bridge recorded is read
// back as the daemon reads it (outcome and decision). Every process a run starts is ended when the
// test ends (endClients), however it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FRONT_DOOR, HOOKD } from './paths.js';
import { tempDir } from './temp-dir.js';
import { parseRecord } from '../../src/inbox/record-format.js';
import { finishedOf, namesOf } from '../../src/transport/bridged-run.js';
import type { RunRecord } from '../../src/inbox/run-record.js';

export type Way = 'shell' | 'native' | 'front' | 'node';
export const BRIDGES: readonly Way[] = ['native', 'front', 'node'];

/** How the client writes the event: all at once and closed (default), left open, or a chunk at a time. */
export type Stdin = { keepOpen: true } | { trickle: string[]; everyMs: number };

export interface ClientRun {
  command: string;
  payload: string | Buffer;
  /** The bridge's options (--client, --event, --timeout); the shell ignores them. */
  args?: readonly string[];
  stdin?: Stdin;
  env?: Record<string, string>;
  /** The client's own timeout: it SIGKILLs what it ran (a guard: every case ends well before). */
  clientTimeoutMs?: number;
}

export interface Answer {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  /** The trickled chunks still unwritten when the answer came (a client held to the end has none). */
  chunksLeft: number;
  /** The bridge's run record as the daemon reads it (none for the shell). */
  record?: { run: RunRecord; event: string; outcome: string; decision: string; detail?: string };
}

const live = new Set<ChildProcess>();
const pidFiles: string[] = [];
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** Run `run` as a client does, the `way` given; resolves when the client's child exits. */
export function runAsClient(way: Way, run: ClientRun): Promise<Answer> {
  const state = tempDir('hookd-case-');
  const line =
    way === 'shell'
      ? run.command
      : `exec ${way === 'front' ? FRONT_DOOR : HOOKD} ${['sync', ...(run.args ?? []), '--', run.command].map(quote).join(' ')}`;
  // A hook that leaves a process behind notes its pid in $HOOK_PIDS, for endClients.
  const pids = path.join(state, 'hook-pids');
  pidFiles.push(pids);
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...run.env,
    HOOKD_STATE_DIR: state,
    HOOK_PIDS: pids,
    HOOKD_BRIDGE_NODE: way === 'node' ? '1' : undefined,
  };
  // A group of its own, as a client's hook has: a hook that reaches for its parent's group finds the client's, not the test's.
  const child = spawn('sh', ['-c', line], { env, stdio: 'pipe', detached: true });
  live.add(child);
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.on('error', () => undefined);
  const chunks = run.stdin && 'trickle' in run.stdin ? [...run.stdin.trickle] : [];
  let trickle: NodeJS.Timeout | undefined;
  if (run.stdin && 'trickle' in run.stdin) {
    const every = run.stdin.everyMs;
    const next = () => {
      const chunk = chunks.shift();
      if (chunk === undefined) return void child.stdin.end();
      child.stdin.write(chunk);
      trickle = setTimeout(next, every);
    };
    next();
  } else if (run.stdin && 'keepOpen' in run.stdin) child.stdin.write(run.payload);
  else child.stdin.end(run.payload);
  const guard = setTimeout(() => child.kill('SIGKILL'), run.clientTimeoutMs ?? 60_000);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      const chunksLeft = chunks.length;
      clearTimeout(guard);
      clearTimeout(trickle);
      // The answer is what the pipes held when the client's child ended: read to their end, or for
      // a while when a child the hook left holds them open (a client does not wait for it either).
      const ended = (stream: Readable) =>
        stream.readableEnded ? Promise.resolve() : new Promise<void>((done) => stream.once('end', done));
      const settled = setTimeout(finish, 2000);
      void Promise.all([ended(child.stdout), ended(child.stderr)]).then(finish);
      let finished = false;
      function finish() {
        if (finished) return;
        finished = true;
        clearTimeout(settled);
        child.stdin.destroy();
        child.stdout.destroy();
        child.stderr.destroy();
        live.delete(child);
        resolve({
          code,
          signal,
          stdout: Buffer.concat(out),
          stderr: err,
          chunksLeft,
          ...(way !== 'shell' && { record: recordIn(state) }),
        });
      }
    });
  });
}

/** The one run record a bridge left in `state`'s inbox, read as the daemon reads it. */
function recordIn(state: string): Answer['record'] {
  const tmp = path.join(state, 'inbox', 'tmp');
  const names = existsSync(tmp) ? readdirSync(tmp) : [];
  if (names.length !== 1) return undefined;
  const parsed = parseRecord(readFileSync(path.join(tmp, names[0]!)));
  if (!parsed.ok || !parsed.content.run) throw new Error(`not a run record: ${names[0]}`);
  const { run, payload, command } = parsed.content;
  const names_ = namesOf(payload, run.event);
  const finished = finishedOf(
    {
      eventId: names[0]!,
      event: names_.event,
      sessionId: names_.sessionId,
      command,
      attempt: 1,
      receivedAt: 0,
      takenAt: 0,
    },
    run,
  );
  return {
    run,
    event: names_.event,
    outcome: finished.outcome,
    decision: finished.inline?.decision ?? 'none',
    ...(finished.detail !== undefined && { detail: finished.detail }),
  };
}

const kill = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
};

/** End every client still running with its whole group (the bridge, or the shell's hook), and every process a hook noted in $HOOK_PIDS. Before the temp dirs go. */
export function endClients(): void {
  for (const child of live) kill(-child.pid!);
  live.clear();
  for (const file of pidFiles.splice(0)) {
    if (!existsSync(file)) continue;
    for (const pid of readFileSync(file, 'utf8')
      .split(/\s+/)
      .map(Number)
      .filter((pid) => pid > 1))
      (kill(-pid), kill(pid));
  }
}
