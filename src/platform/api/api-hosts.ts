// The platform API's two hosts (spec 9): paths under /api/v0 are of `{base_url}` (HOOKD_API_URL),
// the others of `{app_url}` (HOOKD_APP_URL, the API's own by default). The key goes to these two
// origins only, so a full URL of any other origin is refused.
import { UsageError } from '../../common/errors.js';
import type { Endpoint } from './endpoint.js';

/** The base URL of each host, without a trailing slash. */
export type ApiBases = Record<Endpoint['host'], string>;

/** The bases of `apiUrl` and `appUrl` (the API's own when absent). */
export function basesOf(apiUrl: string, appUrl: string | undefined): ApiBases {
  const api = apiUrl.replace(/\/+$/, '');
  return { api, app: (appUrl ?? api).replace(/\/+$/, '') };
}

/** The URL of `target`: a path (on the host its prefix says) or a URL of one of the two hosts. */
export function resolveTarget(bases: ApiBases, target: string): URL {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new UsageError(`${JSON.stringify(target)} is not a URL; give a path such as /api/v0/sessions`);
    }
    const origins = new Set(Object.values(bases).map((base) => new URL(base).origin));
    if (!origins.has(url.origin))
      throw new UsageError(
        `${url.origin} is neither HOOKD_API_URL nor HOOKD_APP_URL, and the key goes nowhere else; give a path such as /api/v0/sessions`,
      );
    return url;
  }
  const path = target.startsWith('/') ? target : `/${target}`;
  return new URL(`${/^\/api\/v0(\/|\?|$)/.test(path) ? bases.api : bases.app}${path}`);
}
