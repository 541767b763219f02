import type { A2aCall } from '../../../shared/a2a/call';
import type { HeaderList } from '../../../shared/a2a/exchange';

const has = (list: HeaderList, name: string): boolean => list.some(([n]) => n.toLowerCase() === name.toLowerCase());

/**
 * The headers of one send, in order: the user's enabled rows, then protocol defaults the user did
 * not set (A2A-Version always, A2A §3.6.1), then auth (which replaces a same-named row, with a
 * warning so the user knows which one went out).
 */
export function buildHeaders(call: A2aCall, defaults: HeaderList, auth: HeaderList, warnings: string[]): HeaderList {
  const out: HeaderList = [];
  for (const row of call.headers ?? []) {
    if (row.enabled === false) continue;
    const name = row.name.trim();
    if (!name) continue;
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      warnings.push(`Header "${name}" is not a valid HTTP header name; it was not sent.`);
      continue;
    }
    if (/[\r\n\0]/.test(row.value)) {
      warnings.push(`Header "${name}" contains a line break; it was not sent.`);
      continue;
    }
    out.push([name, row.value]);
  }
  const userSetVersion = has(out, 'A2A-Version');
  for (const [name, value] of [['A2A-Version', call.version] as [string, string], ...defaults]) {
    if (!has(out, name)) out.push([name, value]);
  }
  if (userSetVersion) {
    const sent = out.find(([n]) => n.toLowerCase() === 'a2a-version')?.[1];
    if (sent !== call.version) warnings.push(`A2A-Version was overridden to "${sent}" (the call is A2A ${call.version}).`);
  }
  for (const [name, value] of auth) {
    if (has(out, name)) {
      warnings.push(`The "${name}" header row was replaced by the call's auth settings.`);
      for (let i = out.length - 1; i >= 0; i--) if ((out[i] as [string, string])[0].toLowerCase() === name.toLowerCase()) out.splice(i, 1);
    }
    out.push([name, value]);
  }
  return out;
}

export function headerValue(list: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase();
  return list.find(([n]) => n.toLowerCase() === lower)?.[1];
}
