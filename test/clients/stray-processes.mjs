// The real clients' temp folders, and what is left running in them when the run ends or is
// stopped (Ctrl-C): the vitest globalSetup of the "clients" project (vitest.config.ts). Its tests
// make every temp folder under one folder of this run (the project's TMPDIR, CLIENTS_TMP), so that
// at the end, or on SIGINT, SIGTERM or SIGHUP, killStrays can end whatever a client started in a
// session of its own there (`opencode run`, `qwen`, Cline's hub), which no process-group kill
// reaches, and nothing of another run on the same machine.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killStrays } from './run-client.mjs';

/** The folder of this run's client tests (one per vitest process): the clients project's TMPDIR. */
export const CLIENTS_TMP = path.join(tmpdir(), `hookd-clients-${process.pid}`);

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export default function setup() {
  mkdirSync(CLIENTS_TMP, { recursive: true });
  const cleanUp = () => {
    killStrays(CLIENTS_TMP);
    rmSync(CLIENTS_TMP, { recursive: true, force: true });
  };
  // A stopped run: the strays go first; then the signal does what it did (vitest's own handler, or
  // the default, which ends the process: raised again once this listener is gone).
  const onSignal = (signal) => {
    cleanUp();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const signal of SIGNALS) process.once(signal, onSignal);
  process.once('exit', () => killStrays(CLIENTS_TMP));
  return () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    cleanUp();
  };
}
