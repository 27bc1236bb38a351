// The one client of the daemon's unix socket, on undici: its Agent connects to the socket path
// (`connect.socketPath`) whatever the URL's host. `hookd status`, `hookd doctor` and the tests
// send single requests with requestDaemon; the API client reaches the daemon's proxy through
// daemonAgent (commands/api-connect.ts).
import { Agent, type Dispatcher } from 'undici';

/** The daemon's answer: its status, and its body parsed as JSON (or the text when it is not). */
export interface DaemonResponse {
  status: number;
  body: unknown;
}

const agents = new Map<string, Agent>();

/** The undici Agent whose connections go to the daemon's socket at `socketPath` (one per path). */
export function daemonAgent(socketPath: string): Agent {
  let agent = agents.get(socketPath);
  if (!agent) agents.set(socketPath, (agent = new Agent({ connect: { socketPath } })));
  return agent;
}

/** Send one request to the daemon; rejects with the socket error (ENOENT, ECONNREFUSED) if it is not there. */
export async function requestDaemon(
  socketPath: string,
  method: string,
  urlPath: string,
  body?: string | Buffer,
  timeoutMs = 5000,
): Promise<DaemonResponse> {
  try {
    const answer = await daemonAgent(socketPath).request({
      origin: 'http://hookd',
      path: urlPath,
      method: method as Dispatcher.HttpMethod,
      headers: body !== undefined ? { 'content-type': 'application/json' } : {},
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // One connection per request, so a socket the daemon closed (a restart) is never reused.
      reset: true,
    });
    const text = await answer.body.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: hand back the text.
    }
    return { status: answer.statusCode, body: parsed };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      throw Object.assign(new Error(`the daemon did not answer within ${timeoutMs} ms`), {
        code: 'ETIMEDOUT',
        cause: error,
      });
    }
    throw error;
  }
}
