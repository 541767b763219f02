/**
 * The A2A 1.0 HTTP+JSON route table (A2A §11, the proto's HTTP annotations) and a pure function
 * that turns a request object into {httpMethod, path, query, body}. The core sends with it; docs
 * and code examples render the same result, so they can never disagree with the wire.
 */

export type HttpVerb = 'GET' | 'POST' | 'DELETE';

export interface RestRoute {
  /** The A2A method (catalogue name). */
  method: string;
  httpMethod: HttpVerb;
  /** Path template under the interface URL; `{field}` = one percent-encoded path segment. */
  path: string;
  /** Request fields bound into the path, in template order. */
  pathFields: readonly string[];
  /**
   * What happens to the other fields: `json` = POST body (request minus path fields),
   * `query` = query string (§11.5), `none` = nothing expected (extra fields go to the query).
   */
  rest: 'json' | 'query' | 'none';
  /** Verb to retry with when the server answers 405 (see SubscribeToTask). */
  fallbackOn405?: HttpVerb;
  streaming: boolean;
}

export const restRoutesV1: readonly RestRoute[] = [
  { method: 'SendMessage', httpMethod: 'POST', path: '/message:send', pathFields: [], rest: 'json', streaming: false },
  { method: 'SendStreamingMessage', httpMethod: 'POST', path: '/message:stream', pathFields: [], rest: 'json', streaming: true },
  { method: 'GetTask', httpMethod: 'GET', path: '/tasks/{id}', pathFields: ['id'], rest: 'query', streaming: false },
  { method: 'ListTasks', httpMethod: 'GET', path: '/tasks', pathFields: [], rest: 'query', streaming: false },
  { method: 'CancelTask', httpMethod: 'POST', path: '/tasks/{id}:cancel', pathFields: ['id'], rest: 'json', streaming: false },
  // The proto annotates GET, the spec text (§5.3, §11.3.2) says POST (A2A issue #1574). Implementations
  // accept POST, some only GET: send POST and retry with GET on 405.
  {
    method: 'SubscribeToTask',
    httpMethod: 'POST',
    path: '/tasks/{id}:subscribe',
    pathFields: ['id'],
    rest: 'none',
    fallbackOn405: 'GET',
    streaming: true,
  },
  {
    method: 'CreateTaskPushNotificationConfig',
    httpMethod: 'POST',
    path: '/tasks/{taskId}/pushNotificationConfigs',
    pathFields: ['taskId'],
    rest: 'json',
    streaming: false,
  },
  {
    method: 'GetTaskPushNotificationConfig',
    httpMethod: 'GET',
    path: '/tasks/{taskId}/pushNotificationConfigs/{id}',
    pathFields: ['taskId', 'id'],
    rest: 'query',
    streaming: false,
  },
  {
    method: 'ListTaskPushNotificationConfigs',
    httpMethod: 'GET',
    path: '/tasks/{taskId}/pushNotificationConfigs',
    pathFields: ['taskId'],
    rest: 'query',
    streaming: false,
  },
  {
    method: 'DeleteTaskPushNotificationConfig',
    httpMethod: 'DELETE',
    path: '/tasks/{taskId}/pushNotificationConfigs/{id}',
    pathFields: ['taskId', 'id'],
    rest: 'query',
    streaming: false,
  },
  { method: 'GetExtendedAgentCard', httpMethod: 'GET', path: '/extendedAgentCard', pathFields: [], rest: 'query', streaming: false },
];

export function restRouteFor(method: string): RestRoute | undefined {
  return restRoutesV1.find((r) => r.method === method);
}

export interface RestRequest {
  route: RestRoute;
  httpMethod: HttpVerb;
  /** Path including the optional `/{tenant}` prefix, segments percent-encoded. */
  path: string;
  /** Query parameters in order (names as drafted, values as text, not yet encoded). */
  query: Array<[name: string, value: string]>;
  /** JSON body for POST routes (request minus path-bound fields), else undefined. */
  body?: Record<string, unknown>;
  /** Values that went into the path, by field name. */
  pathParams: Record<string, string>;
  /** The tenant used as path prefix, if any. */
  tenant?: string;
  warnings: string[];
}

export type RestBuildResult = { ok: true; request: RestRequest } | { ok: false; message: string };

export interface RestBuildOptions {
  /** Tenant from the call (the selected AgentInterface); wins over a `tenant` field in the body. */
  tenant?: string;
}

/** RFC 3986 percent-encoding of everything but unreserved characters (so `/` in an id becomes %2F). */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function snakeToCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

/**
 * Builds the HTTP request for a 1.0 method from the request object the user drafted.
 * Path fields may be written in camelCase or snake_case (ProtoJSON accepts both).
 */
export function buildRestRequest(method: string, body: unknown, options: RestBuildOptions = {}): RestBuildResult {
  const route = restRouteFor(method);
  if (!route) return { ok: false, message: `${method} is not an A2A 1.0 HTTP+JSON operation (no route for it).` };
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    return {
      ok: false,
      message: `The HTTP+JSON body of ${method} must be the request object (a JSON object), not ${Array.isArray(body) ? 'an array' : typeof body}.`,
    };
  }
  const fields: Record<string, unknown> = { ...((body ?? {}) as Record<string, unknown>) };
  const warnings: string[] = [];

  const take = (name: string): unknown => {
    const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (name in fields) {
      const v = fields[name];
      delete fields[name];
      if (snake !== name && snake in fields) delete fields[snake];
      return v;
    }
    if (snake in fields) {
      const v = fields[snake];
      delete fields[snake];
      return v;
    }
    return undefined;
  };

  const pathParams: Record<string, string> = {};
  let path = route.path;
  for (const field of route.pathFields) {
    const value = take(field);
    const text = scalarText(value);
    if (value === undefined || value === null) return { ok: false, message: `${method} needs "${field}" in the body: it goes into the path ${route.path}.` };
    if (text === undefined) return { ok: false, message: `"${field}" must be a string (it goes into the path ${route.path}).` };
    if (text === '') return { ok: false, message: `"${field}" is empty; ${route.path} needs a value.` };
    pathParams[field] = text;
    path = path.replace(`{${field}}`, encodeRfc3986(text));
  }

  const bodyTenant = take('tenant');
  let tenant = options.tenant;
  if (typeof bodyTenant === 'string' && bodyTenant !== '') {
    if (tenant && tenant !== bodyTenant) warnings.push(`The body's tenant "${bodyTenant}" was replaced by the call's tenant "${tenant}" in the path.`);
    tenant = tenant || bodyTenant;
  }
  if (tenant) path = `/${encodeRfc3986(tenant)}${path}`;

  const query: Array<[string, string]> = [];
  let jsonBody: Record<string, unknown> | undefined;
  if (route.rest === 'json') {
    jsonBody = fields;
  } else {
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined || value === null) continue;
      if (name.includes('_')) warnings.push(`Query parameter "${name}" is snake_case; A2A §11.5 uses camelCase ("${snakeToCamel(name)}").`);
      if (Array.isArray(value)) {
        for (const item of value) {
          const text = scalarText(item);
          if (text === undefined)
            return { ok: false, message: `"${name}" holds a non-scalar item; a query string can only carry strings, numbers and booleans.` };
          query.push([name, text]);
        }
        continue;
      }
      const text = scalarText(value);
      if (text === undefined)
        return {
          ok: false,
          message: `"${name}" is an object; ${route.httpMethod} ${route.path} sends fields in the query string, which cannot hold nested objects (A2A §11.5).`,
        };
      query.push([name, text]);
    }
  }
  return {
    ok: true,
    request: {
      route,
      httpMethod: route.httpMethod,
      path,
      query,
      ...(jsonBody ? { body: jsonBody } : {}),
      pathParams,
      ...(tenant ? { tenant } : {}),
      warnings,
    },
  };
}

/** `?a=1&b=2` (RFC 3986 encoded) or '' when there is no query. */
export function queryString(query: ReadonlyArray<readonly [string, string]>): string {
  if (!query.length) return '';
  return `?${query.map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(v)}`).join('&')}`;
}

/** Joins the interface URL and a built path: the URL's own path is kept, a trailing '/' dropped. */
export function joinRestUrl(endpoint: string, path: string, query: ReadonlyArray<readonly [string, string]> = []): string {
  const hashless = endpoint.split('#')[0] as string;
  const [base, existingQuery] = hashless.split('?', 2) as [string, string | undefined];
  const qs = queryString(query);
  const extra = existingQuery ? (qs ? `${qs}&${existingQuery}` : `?${existingQuery}`) : qs;
  return `${base.replace(/\/+$/, '')}${path}${extra}`;
}
