// Which endpoint of the spec a raw request (`hookd api METHOD PATH`) is for, if any: its pattern
// matched against the end of the URL's path (HOOKD_API_URL may carry a path of its own), a moved
// endpoint at its old path or its new one. The raw command takes from it only how the list pages
// and which command shows whether a change took effect; the request itself goes as given.
import type { Endpoint } from './endpoint.js';
import { ENDPOINTS, type EndpointName } from './endpoints.js';

/** The endpoint `method` and `pathname` ask for, with its path parameters, or undefined. */
export function matchEndpoint(
  method: string,
  pathname: string,
): { name: EndpointName; endpoint: Endpoint; params: Record<string, string> } | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]) {
    if (endpoint.method !== method) continue;
    for (const path of [endpoint.path, endpoint.movedTo].filter((item): item is string => item !== undefined)) {
      const segments = path.split('/').slice(1);
      if (parts.length < segments.length) continue;
      const tail = parts.slice(parts.length - segments.length);
      const params: Record<string, string> = {};
      const fits = segments.every((segment, i) => {
        const part = tail[i] ?? '';
        if (!segment.startsWith(':')) return segment === part;
        if (part === '') return false;
        try {
          params[segment.slice(1)] = decodeURIComponent(part);
        } catch {
          params[segment.slice(1)] = part;
        }
        return true;
      });
      if (fits) return { name, endpoint, params };
    }
  }
  return undefined;
}
