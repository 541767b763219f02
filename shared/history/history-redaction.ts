import type { ExchangeRecord } from '../a2a/exchange';
import { redactHeaders, redactUrl, scrubValues, type RedactionRules } from '../a2a/redaction';
import { setOwn } from '../a2a/safe-object';

/**
 * A copy of `value` with every secret literal replaced, in strings and in object keys, at any depth.
 * Walks with an explicit stack, so a deeply nested answer from a hostile agent cannot overflow it.
 */
export function redactDeep(value: unknown, rules: RedactionRules): unknown {
  if (!rules.values?.length) return value;
  const stack: Array<[source: object, target: object]> = [];
  const copy = (item: unknown): unknown => {
    if (typeof item === 'string') return scrubValues(item, rules);
    if (typeof item !== 'object' || item === null) return item;
    const target: object = Array.isArray(item) ? [] : {};
    stack.push([item, target]);
    return target;
  };
  const root = copy(value);
  while (stack.length > 0) {
    const [source, target] = stack.pop() as [object, object];
    if (Array.isArray(source)) {
      const out = target as unknown[];
      for (let i = 0; i < source.length; i++) out[i] = copy(source[i]);
    } else {
      const out = target as Record<string, unknown>;
      for (const [key, item] of Object.entries(source)) setOwn(out, scrubValues(key, rules), copy(item));
    }
  }
  return root;
}

/**
 * The copy of an exchange that may be written to disk: the URL's userinfo and credential query
 * values, credential headers, gRPC metadata and trailers by name, and every literal secret of the
 * call (as sent, percent-encoded, JSON-escaped, Basic's base64) wherever it appears — raw bodies,
 * the parsed outcome, each stream event, errors and warnings. The recorder already hid the
 * raw copies; this is the one pass that covers everything persisted, idempotent on what it already hid.
 */
export function redactRecordForStorage(record: ExchangeRecord, rules: RedactionRules): ExchangeRecord {
  const out = redactDeep(record, rules) as ExchangeRecord;
  const result: ExchangeRecord = {
    ...out,
    endpoint: redactUrl(out.endpoint, rules),
    request: {
      ...out.request,
      url: redactUrl(out.request.url, rules),
      headers: redactHeaders(out.request.headers, rules),
      ...(out.request.metadata ? { metadata: redactHeaders(out.request.metadata, rules) } : {}),
    },
  };
  if (out.response) {
    result.response = {
      ...out.response,
      headers: redactHeaders(out.response.headers, rules),
      ...(out.response.trailers ? { trailers: redactHeaders(out.response.trailers, rules) } : {}),
    };
  }
  return result;
}
