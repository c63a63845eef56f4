import { request } from '@umijs/max';
import { BizError } from '@/utils/bizError';
import type { DataOf, EndpointAt } from '../../contract/api';
import type { Envelope } from '../../contract/envelope';
import { type ParamsOf, pathOf, type Route } from '../../contract/paths/route';

/** For the services' file URLs; importing it from here alone lets the first script inline it. */
export { pathOf };

/**
 * What a page may ask of a call: skip the global error display (it shows its own) or cancel it. A 401 ends the
 * session and asks for a login either way, except for `probeSession`, the start-up check of a stored token.
 */
export interface CallOptions {
  skipErrorHandler?: boolean;
  probeSession?: boolean;
  signal?: AbortSignal;
}

/** The body, query and headers of a call, and the values of its path's `:name` segments when it has any. */
type CallInit<R extends Route> = CallOptions & {
  data?: object;
  params?: object;
  headers?: Record<string, string>;
} & ([ParamsOf<R['path']>] extends [never] ? { path?: never } : { path: Record<ParamsOf<R['path']>, string> });

/**
 * One typed API call of a route from contract/paths/: resolves to the envelope's `data` as the contract types it,
 * rejects with a BizError for a failure envelope. (A plain promise chain: `async` would bring the regenerator runtime
 * into the first script for nothing.)
 */
export function callApi<R extends Route>(route: R, init: CallInit<R>): Promise<DataOf<EndpointAt<R>>> {
  const { path, ...rest } = init;
  const url = path ? pathOf(route.path, path) : route.path;
  return request<Envelope<DataOf<EndpointAt<R>>>>(url, { method: route.method, ...rest }).then((envelope) => {
    if (!envelope.success) throw new BizError(envelope);
    return envelope.data;
  });
}
