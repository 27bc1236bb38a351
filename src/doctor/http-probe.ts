// Doctor's probe through the http path: a synthetic event posted the way Claude Code posts an
// http hook entry (its URL's host and port, its headers with the variables the client would fill
// in), run by the daemon and found in its history. Also says whether the service holds the port
// while the daemon is down, which decides whether an http hook can be lost.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { fillHeaders } from '../settings/header-variables.js';
import { DEFAULT_HOOK_PORT } from '../server/hook-port.js';
import { serviceManager } from '../service/service-manager.js';
import { awaitProbeRun } from './await-probe.js';
import { probeRun } from '../runs/probe-marker.js';
import type { HttpHook } from '../settings/config.js';
import type { Paths } from '../common/paths.js';
import type { Check } from './checks.js';

const NAME = 'http probe';
// A loopback answer takes milliseconds; under socket activation the daemon may be starting.
const ANSWER_MS = 10_000;

/** POST `body` to `url` with `headers`: the status and body, or the connection error's code. */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: ANSWER_MS,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

/** Whether the service manager holds `port` while the daemon is down, in a sentence. */
export async function portHolder(port: number): Promise<string> {
  try {
    return (await serviceManager().holdsPort(port)).detail;
  } catch {
    return `no service manager here holds 127.0.0.1:${port}: an http hook sent while the daemon is down is lost (the bridge is the safe choice)`;
  }
}

/** Post a probe event for `event` as the http entry `http` would, with the variables of `env`. */
export async function checkHttpProbe(
  paths: Paths,
  event: string,
  http: HttpHook,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<Check> {
  const { sessionId, command } = probeRun(randomBytes(6).toString('hex'));
  // The entry's own URL, its command swapped for the probe's.
  const url = new URL(http.url);
  url.searchParams.set('command', command);
  const where = `${http.host}:${http.port}`;
  // With the fields the events' schemas require (Notification's message, SessionEnd's reason).
  const payload = JSON.stringify({
    session_id: sessionId,
    transcript_path: '',
    cwd: '/',
    hook_event_name: event,
    message: 'hookd doctor probe',
    reason: 'other',
  });
  const fail = (detail: string, fix: string): Check => ({ name: NAME, ok: false, detail, fix });
  const answer = await post(url.href, fillHeaders(http.headers, http.allowedEnvVars, env), payload);
  if ('error' in answer) {
    return fail(
      `the daemon cannot be reached the way the http hooks post (${answer.error} on ${where}): every http hook is lost until it can`,
      `the daemon listens on 127.0.0.1:${DEFAULT_HOOK_PORT} unless --tcp-port or HOOKD_TCP_PORT says otherwise, or the port is taken (its log says so); make the hook URLs and the daemon agree (hookd install --transport http writes its port), or use the bridge`,
    );
  }
  if (answer.status === 401) {
    const variables = http.allowedEnvVars
      .map((name) => `$${name} ${env[name] ? 'is set here but is not the token' : 'is not set here'}`)
      .join(', ');
    return fail(
      `the daemon refused the token the entry sends (${variables || 'the entry names no variable'}): every http hook is refused`,
      `export HOOKD_TOKEN="$(cat '${paths.stateDir}/local-token')" in the environment Claude Code starts with (see docs/http-hooks.md)`,
    );
  }
  if (answer.status !== 204)
    return fail(`${where} answered ${answer.status}: ${answer.text.trim().slice(0, 300)}`, 'look at the daemon log');
  const run = await awaitProbeRun(paths, command, timeoutMs);
  if (!run)
    return fail(
      `the daemon took the event but no outcome came within ${timeoutMs / 1000} s`,
      'the daemon is busy or stuck: hookd status shows its queue',
    );
  if (!run.ran) return fail(run.detail, 'look at hookd status and the daemon log');
  return {
    name: NAME,
    ok: true,
    detail: `a ${event} event posted to http://${where}/hooks/v1/ ran its hook (${run.entry.durationMs ?? '?'} ms); ${await portHolder(http.port)}`,
  };
}
