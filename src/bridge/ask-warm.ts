// The bridge's half of a warm decision (`hookd sync --warm`), as native/ask-warm.c does in C: POST
// the event to the daemon's POST /warm (daemon/warm-route.ts) over its unix socket and wait within a
// budget. Only a 200 from a socket of this user's is an answer; anything else (no daemon, another
// user's socket, a refusal, a cut answer, the budget passed) says why the bridge runs the hook cold.
import { request } from 'node:http';
import { statSync } from 'node:fs';
import { WARM_BUDGET_MS } from './bridge-limits.js';

export type WarmAsked = { ok: true; answer: Buffer } | { ok: false; why: string };

/** What the daemon needs beside the payload: the hook, the client, its event, cwd and environment. */
export interface WarmAsk {
  socket: string;
  command: string;
  client: string;
  event: string;
  cwd: string;
  env: Record<string, string>;
}

/** The budget for the warm path: WARM_BUDGET_MS, and at most a quarter of what is left to the deadline. */
export const warmBudgetMs = (leftMs: number) => Math.max(0, Math.min(WARM_BUDGET_MS, Math.floor(leftMs / 4)));

/** Ask the daemon's warm handler; never throws. */
export function askWarm(ask: WarmAsk, payload: Buffer, budgetMs: number): Promise<WarmAsked> {
  // The daemon's socket must be this user's: another user's would answer for the hook.
  try {
    if (statSync(ask.socket).uid !== process.getuid?.())
      return Promise.resolve({ ok: false, why: "the socket is not this user's" });
  } catch {
    return Promise.resolve({ ok: false, why: 'no daemon (no socket)' });
  }
  const { socket, ...rest } = ask;
  const body = Buffer.concat([Buffer.from(`${JSON.stringify({ ...rest, budgetMs })}\n`), payload]);
  return new Promise((resolve) => {
    const req = request(
      {
        socketPath: socket,
        method: 'POST',
        path: '/warm',
        headers: { 'content-type': 'application/octet-stream', 'content-length': body.length, connection: 'close' },
        timeout: budgetMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks);
          if (res.statusCode === 200 && res.complete) resolve({ ok: true, answer: text });
          else
            resolve({ ok: false, why: text.toString('utf8').slice(0, 300) || `the daemon answered ${res.statusCode}` });
        });
        res.on('error', () => resolve({ ok: false, why: "the daemon's answer was cut" }));
      },
    );
    req.on('timeout', () => {
      resolve({ ok: false, why: `no answer from the daemon within ${budgetMs} ms` });
      req.destroy();
    });
    req.on('error', (error) => resolve({ ok: false, why: `the daemon cannot be reached (${error.message})` }));
    req.end(body);
  });
}
