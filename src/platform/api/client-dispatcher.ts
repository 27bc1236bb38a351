// The HTTP stack of the API client, on undici: a connection pool (an Agent, or the daemon's
// socket), redirects followed by undici's redirect interceptor, and retries by its retry
// interceptor under hookd's rule (retry-policy.ts). A 307/308 keeps the method and body; undici
// drops the Authorization header when a redirect leaves the origin, and keeps it on the same one.
import { Agent, interceptors, type Dispatcher } from 'undici';
import { retryRule, type RetryOptions } from './retry-policy.js';

/** Redirects followed before the answer is taken as it is. */
export const MAX_REDIRECTS = 5;

/** `base` (a new Agent when none is given) with redirects and retries. */
export function clientDispatcher(retry: RetryOptions, base: Dispatcher = new Agent()): Dispatcher {
  return base.compose(
    interceptors.redirect({ maxRedirections: MAX_REDIRECTS }),
    // Outermost: a retry starts from the first URL again. throwOnError off: an answer that is not
    // retried (a 409, a 429 whose Retry-After is too long) reaches the caller with its body.
    interceptors.retry({ retry: retryRule(retry), throwOnError: false, maxRetries: retry.attempts - 1 }),
  );
}
