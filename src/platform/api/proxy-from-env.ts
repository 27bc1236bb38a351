// The proxy as the daemon mounts it: addresses and key from the environment. A key file that is
// refused (readable by others, missing) does not stop the daemon: the proxy answers 503 with the
// reason, and the daemon logs it once (without the key).
import type { Logger } from '../../common/logger.js';
import { describeError } from '../../common/errors.js';
import { resolveApiConfig } from './api-config.js';
import { createProxy, type Proxy } from './proxy.js';

type Env = Record<string, string | undefined>;

/** A proxy configured from HOOKD_API_URL and HOOKD_API_KEY / HOOKD_API_KEY_FILE. */
export function proxyFromEnvironment(logger: Logger, env: Env = process.env, timeoutMs?: number): Proxy {
  try {
    const config = resolveApiConfig(env);
    if (!config.apiKey)
      logger.warn(
        'no API key: the proxied /api/v0/sessions routes answer 503 until HOOKD_API_KEY or HOOKD_API_KEY_FILE is set',
      );
    return createProxy({ apiUrl: config.apiUrl, apiKey: config.apiKey, logger, timeoutMs });
  } catch (error) {
    const problem = describeError(error);
    logger.warn({ problem }, 'the platform proxy has no usable configuration; its routes answer 503');
    let apiUrl = 'http://127.0.0.1';
    try {
      apiUrl = resolveApiConfig({ ...env, HOOKD_API_KEY: undefined, HOOKD_API_KEY_FILE: undefined }).apiUrl;
    } catch {
      // The URL is the problem; the proxy never sends anything without a key anyway.
    }
    return createProxy({ apiUrl, apiKey: undefined, logger, timeoutMs, keyProblem: problem });
  }
}
