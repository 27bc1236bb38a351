// One call of the platform API built from an endpoint and its input: the input checked strictly
// against the endpoint's schemas first (a bad one is refused locally with a UsageError, nothing sent),
// then the URL on the endpoint's host, its query, the JSON body, and where a change shows (`check`).
import { UsageError } from '../../common/errors.js';
import { checkCall } from './check-request.js';
import type { Call } from './send-request.js';
import { fillCheck, fillPath, type Endpoint, type Input } from './endpoint.js';
import type { ApiBases } from './api-hosts.js';

/** The call `input` makes of `endpoint` on the hosts `bases`; a UsageError when the input does not fit. */
export function buildCall<T extends Endpoint>(bases: ApiBases, endpoint: T, input: Input<T>): Call {
  const checked = checkCall(endpoint, input as Parameters<typeof checkCall>[1]);
  if (!checked.ok) throw new UsageError(checked.problems.join('\n'));
  const params = checked.value.params as Record<string, string>;
  const url = new URL(`${bases[endpoint.host]}${fillPath(endpoint.path, params)}`);
  for (const [name, value] of Object.entries(checked.value.query as Record<string, string>))
    url.searchParams.set(name, value);
  const body = checked.value.body === undefined ? undefined : JSON.stringify(checked.value.body);
  const check = fillCheck(endpoint, params);
  return { method: endpoint.method, url, body, check };
}
