// The platform proxy's answers, counted by status for hookd_proxy_requests_total: a wrapper of the
// daemon's fallback (the proxy), so the proxy itself knows nothing of metrics.
import type { Fallback } from '../http/parts.js';

/** `fallback`, telling `answered` the status of each request it answers. */
export function countProxy(fallback: Fallback, answered: (status: number) => void): Fallback {
  return async (req, res) => {
    let handled: boolean | undefined;
    // On close, so answers the proxy sends after its promise settles (streamed) count too.
    res.once('close', () => {
      if (handled !== false) answered(res.statusCode);
    });
    handled = await fallback(req, res);
    return handled;
  };
}
