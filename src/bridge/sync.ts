// The synchronous bridge in Node: what bin/hookd runs for `hookd sync` when there is no native
// bridge (no C compiler at install) or HOOKD_BRIDGE_NODE is set. Same contract as
// native/hookd-bridge.c, which is the fast path: run CMD on the event in its own process group
// under hookd's deadline, hand the client its stdout, stderr and exit code unchanged, and record
// the run in the inbox. It never depends on the daemon, and never fails the agent on its own.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import os from 'node:os';
import { readEvent } from './read-event.js';
import { recordRun } from './record-run.js';
import { hookdDeadlineMs, inLineTimeoutSec } from '../clients/contract.js';
import { clientById, clientFromEnv, GENERIC } from '../clients/registry.js';
import { parseBridgeArgs, SYNC_OPTIONS } from '../clients/bridge-options.js';
import { killGroup } from '../runner/kill-group.js';
import { withoutSecrets } from '../runner/hook-env.js';
import { TRACE_CONTEXT } from '../payload/client-env.js';
import type { BridgeRun } from '../inbox/run-record.js';

const eventOf = (payload: Buffer): string => {
  try {
    const event = (JSON.parse(payload.toString('utf8')) as Record<string, unknown>).hook_event_name;
    return typeof event === 'string' ? event : '';
  } catch {
    return '';
  }
};

/**
 * `hookd sync [--client ID] [--event NAME] [--timeout SEC] [--state-dir DIR] [--] CMD…` (its options
 * are clients/bridge-options.ts's). Resolves 'help' when the words ask for the command's help, which bin.ts prints.
 */
export async function syncFromArgv(args: string[]): Promise<'help' | void> {
  if (args[0] === '-h' || args[0] === '--help') return 'help';
  // A client that stops reading our answer is its business: never a crash with a stack on stderr.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  const { options, command: words } = parseBridgeArgs(SYNC_OPTIONS, args);
  const command = words.join(' ');
  if (command.trim() === '') {
    process.stderr.write('hookd sync: no command given; write: hookd sync -- CMD\n');
    return;
  }
  const payload = process.stdin.isTTY ? Buffer.alloc(0) : await readEvent(process.stdin);
  const client = options.client ? (clientById(options.client) ?? GENERIC) : (clientFromEnv(process.env as Record<string, string>) ?? GENERIC);
  const timeoutSec = options.timeout === undefined ? undefined : Number(options.timeout);
  const timeoutMs = Math.round(inLineTimeoutSec(timeoutSec, client.defaultTimeoutSec) * 1000);
  const run = await runInLine(command, payload, timeoutMs, options.event ?? eventOf(payload), client.id);
  if (endedBy) {
    // Nobody reads an answer now: record the run and end as the client asked.
    recordRun(options.stateDir, command, run, payload);
    return void process.kill(process.pid, endedBy);
  }
  let code: number;
  if (run.spawnError !== undefined) {
    process.stderr.write(`hookd sync: the hook could not start: ${run.spawnError}\n`);
    code = 1;
  } else if (run.timedOut) {
    process.stderr.write(run.stderr);
    process.stderr.write(`hookd sync: the hook timed out after ${(hookdDeadlineMs(timeoutMs) / 1000).toFixed(1)} s; hookd ended it\n`);
    process.stdout.write(client.contract.onTimeout.stdout);
    code = client.contract.onTimeout.exitCode;
  } else {
    const answer = run.exitCode === 0 && run.stdout.length === 0 ? client.contract.emptyAnswer?.[run.event] : undefined;
    if (answer !== undefined) run.answer = answer;
    process.stdout.write(answer ?? run.stdout);
    process.stderr.write(run.stderr);
    code = run.signal !== null ? 128 + run.signal : (run.exitCode ?? 1);
  }
  recordRun(options.stateDir, command, run, payload);
  process.exitCode = code;
}

const ENDING_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
/** The signal the client ended the bridge with, if it did (passed on to the hook's group). */
let endedBy: (typeof ENDING_SIGNALS)[number] | undefined;

// Run `sh -c command` to its end or hookd's deadline: the run is over when its process exits,
// not when a child it left behind lets go of the pipes.
function runInLine(command: string, payload: Buffer, timeoutMs: number, event: string, client: string): Promise<BridgeRun> {
  const deadlineMs = hookdDeadlineMs(timeoutMs);
  const startedAt = Date.now();
  // The client's trace context and project directories travel with the record (native/hookd-bridge.c keeps the same).
  const env = Object.fromEntries(
    Object.entries(process.env).filter((pair): pair is [string, string] => pair[1] !== undefined && ((TRACE_CONTEXT as readonly string[]).includes(pair[0]) || pair[0].endsWith('_PROJECT_DIR'))),
  );
  const base = { client, event, cwd: process.cwd(), startedAt, timeoutMs, timedOut: false, env };
  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    // A client that ends the bridge (its own timeout, Ctrl-C) ends the hook too: the hook's own group
    // would not get a signal sent to the bridge alone. Listened for before the spawn: a signal that
    // came between the hook's start and the listener would end the bridge and leave the hook running.
    let child: ChildProcessWithoutNullStreams | undefined;
    const endHook = (name: NodeJS.Signals) => {
      killGroup(child?.pid, name);
      setTimeout(() => killGroup(child?.pid, 'SIGKILL'), 1000).unref();
    };
    for (const name of ENDING_SIGNALS) {
      process.once(name, () => {
        endedBy ??= name;
        endHook(name);
      });
    }
    // The client's environment, less hookd's secrets, which reach no hook (runner/hook-env.ts).
    child = spawn('/bin/sh', ['-c', command], { detached: true, stdio: 'pipe', env: withoutSecrets(process.env) });
    if (endedBy) endHook(endedBy);
    const done = (facts: Partial<BridgeRun>) => {
      clearTimeout(deadline);
      const out = Buffer.concat(stdout);
      const err = Buffer.concat(stderr);
      resolve({ ...base, endedAt: Date.now(), durationMs: Date.now() - startedAt, exitCode: null, signal: null, stdout: out, stderr: err, stdoutBytes: out.length, stderrBytes: err.length, ...facts });
    };
    let timedOut = false;
    // Counted from this process's start (performance.now() is 0 there), as the client counts from
    // its spawn: Node's start-up is part of the time the client waits.
    const deadline = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, 'SIGTERM');
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), (timeoutMs - deadlineMs) / 2).unref();
    }, Math.max(0, deadlineMs - performance.now()));
    child.on('error', (error) => done({ spawnError: error.message }));
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => undefined);
    child.stdin.end(payload);
    child.on('exit', (code, signal) => {
      // What the pipes already hold is read; a grandchild holding them open is not waited for.
      setImmediate(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        const number = signal ? (os.constants.signals[signal] ?? 0) : null;
        done({ timedOut, exitCode: signal ? null : code, signal: number });
      });
    });
  });
}
