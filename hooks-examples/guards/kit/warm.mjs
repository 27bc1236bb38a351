// The warm side of the guards: the daemon keeps one guards.mjs running (HOOKD_WARM=1) and writes it one
// request per line, `{"payload", "hif", "cwd", "env"}`; each gets exactly one line back, in order:
// `{"decision": "deny", "reason"}`, `{}` (no opinion), or `{"error"}` when it cannot be decided (a
// malformed or oversized line, a check that threw), on which the daemon runs the guard cold. A line is
// never buffered past MAX_LINE. The first line decides what the process is: a warm request, or (the
// variable inherited by a guard a client runs itself) a client's payload, decided cold as a whole.

import { canonicalVariables } from './canonical.mjs';

/** A line longer than this is answered `{"error"}` without being kept. */
export const MAX_LINE = 8 * 1024 * 1024;
const REQUEST_KEYS = new Set(['payload', 'hif', 'cwd', 'env']);

/** The request a line holds, or the reason it holds none. */
export function readRequest(line) {
  let data;
  try {
    data = JSON.parse(line);
  } catch {
    return { error: 'not a JSON line' };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { error: 'not a JSON object' };
  if (!data.hif || typeof data.hif !== 'object' || Array.isArray(data.hif)) return { error: 'no "hif" object' };
  if (!data.payload || typeof data.payload !== 'object' || Array.isArray(data.payload))
    return { error: 'no "payload" object' };
  if (Object.keys(data).some((key) => !REQUEST_KEYS.has(key))) return { error: 'a key a request does not have' };
  if (data.env !== undefined && (typeof data.env !== 'object' || data.env === null || Array.isArray(data.env)))
    return { error: '"env" is not an object' };
  if (data.cwd !== undefined && typeof data.cwd !== 'string') return { error: '"cwd" is not a string' };
  return { request: data };
}

/** The environment the cold run of the same hook would see: the client's, with the bridge's HOOKD_HIF_* set. */
export async function requestEnv(request) {
  const env = {};
  for (const [name, value] of Object.entries(request.env ?? {}))
    if (typeof value === 'string' && !name.startsWith('HOOKD_HIF_')) env[name] = value;
  for (const [field, name] of Object.entries(await canonicalVariables()))
    if (typeof request.hif[field] === 'string') env[name] = request.hif[field];
  return env;
}

/**
 * Serve requests from `input` to `output` with `decide(request)` (a reason to deny, or undefined),
 * one answer line per request line, in order. When the first line is not a warm request, `cold(text)`
 * gets the whole of the input instead and nothing is answered here. Resolves at the end of the input.
 */
export function serveWarm({ input, output, decide, cold }) {
  return new Promise((resolve) => {
    let mode = 'first'; // then 'warm', or 'cold' (everything kept for the cold run)
    let chunks = [];
    let size = 0;
    let skipping = false; // inside a line past MAX_LINE: dropped up to its newline
    let queue = Promise.resolve();

    const respond = (line) => {
      queue = queue.then(async () => {
        let answer;
        if (line === undefined) answer = { error: `a line longer than ${MAX_LINE} bytes` };
        else {
          const { request, error } = readRequest(line);
          if (error) answer = { error };
          else {
            try {
              const reason = await decide(request);
              answer = reason ? { decision: 'deny', reason } : {};
            } catch (err) {
              answer = { error: `the check failed: ${err instanceof Error ? err.message : String(err)}` };
            }
          }
        }
        await new Promise((done) => output.write(`${JSON.stringify(answer)}\n`, done));
      });
    };

    const takeLine = (buffer) => {
      const line = buffer.toString('utf8').replace(/\r$/, '');
      if (mode === 'first') {
        if (readRequest(line).error) return false;
        mode = 'warm';
      }
      if (line.trim() !== '') respond(line);
      return true;
    };

    input.on('data', (chunk) => {
      if (mode === 'cold') return chunks.push(chunk);
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(10, start);
        const end = newline === -1 ? chunk.length : newline;
        const piece = chunk.subarray(start, end);
        if (!skipping) {
          if (size + piece.length > MAX_LINE) {
            if (mode === 'first') {
              // Too long to tell what it is: the cold run reads it as a payload.
              mode = 'cold';
              chunks.push(chunk.subarray(0));
              return;
            }
            skipping = true;
            chunks = [];
            size = 0;
          } else {
            chunks.push(piece);
            size += piece.length;
          }
        }
        if (newline === -1) return;
        if (skipping) {
          skipping = false;
          respond(undefined);
        } else {
          const line = Buffer.concat(chunks);
          chunks = [];
          size = 0;
          if (!takeLine(line)) {
            // Not a warm request: this line, the rest of this chunk and all that follows are one payload.
            mode = 'cold';
            chunks = [line, Buffer.from('\n'), chunk.subarray(newline + 1)];
            return;
          }
        }
        start = newline + 1;
      }
    });
    input.on('end', async () => {
      if (mode === 'cold') return resolve(cold(Buffer.concat(chunks).toString('utf8')));
      if (skipping) respond(undefined);
      else if (size > 0) {
        const last = Buffer.concat(chunks);
        if (!takeLine(last)) return resolve(cold(last.toString('utf8')));
      }
      await queue;
      resolve();
    });
  });
}
