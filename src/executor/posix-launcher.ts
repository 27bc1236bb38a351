// The process that starts the daemon's hooks (posix-launch.ts says why it is a process of its own):
// it runs each hook it is sent with runHook and sends back the outcome. Before a hook may go on it
// asks the daemon to note its handle, as runHook's gate asks onStart. It ends when the daemon goes
// (the channel closes): the hooks it holds behind their gate read EOF and never run, as they did
// when the daemon itself held their pipes.
import { runHook } from './posix-run.js';
import type { FromLauncher, ToLauncher } from './posix-launch-messages.js';
import type { HookHandle } from './executor.js';

interface Run {
  abort: AbortController;
  /** The daemon's answer to `started`: let the hook go on, or keep its gate shut. */
  noted?: { open(): void; shut(error: Error): void };
}

const runs = new Map<number, Run>();
const send = (message: FromLauncher) => void process.send?.(message);

function start(id: number, request: Extract<ToLauncher, { type: 'run' }>['request']): void {
  const run: Run = { abort: new AbortController() };
  runs.set(id, run);
  // Structured clone gives back a Uint8Array; the runner writes a Buffer.
  const payload = Buffer.from(request.payload.buffer, request.payload.byteOffset, request.payload.byteLength);
  const onStart = (handle: HookHandle) =>
    new Promise<void>((open, shut) => {
      run.noted = { open, shut };
      send({ type: 'started', id, handle });
    });
  runHook({ ...request, payload, signal: run.abort.signal, onStart })
    .then(
      (outcome) => send({ type: 'over', id, outcome }),
      (error: Error) => send({ type: 'refused', id, error: error.message }),
    )
    .finally(() => runs.delete(id));
}

// A message of no known type is dropped: only `abort` ends a run.
process.on('message', (message: ToLauncher) => {
  if (message.type === 'run') return start(message.id, message.request);
  const run = runs.get(message.id);
  if (message.type === 'open') run?.noted?.open();
  else if (message.type === 'shut') run?.noted?.shut(new Error(message.error));
  else if (message.type === 'abort') run?.abort.abort();
});
process.on('disconnect', () => process.exit(0));
// Signals meant for the daemon reach the launcher too (Ctrl-C in its terminal, a service manager
// that signals every process of the service): it ends with the daemon only, so that the daemon's
// stop can still interrupt the runs through it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);
