/** Tiny, total readers for untrusted JSON values: wrong shapes read as undefined, never throw. */

import { isObject } from '../a2a/payload';

export { isObject, type JsonObject } from '../a2a/payload';

export function field(value: unknown, name: string): unknown {
  return isObject(value) ? value[name] : undefined;
}

export function str(value: unknown, name: string): string | undefined {
  const v = field(value, name);
  return typeof v === 'string' ? v : undefined;
}

export function num(value: unknown, name: string): number | undefined {
  const v = field(value, name);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function arr(value: unknown, name: string): unknown[] | undefined {
  const v = field(value, name);
  return Array.isArray(v) ? v : undefined;
}

export function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
