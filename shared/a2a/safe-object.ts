/**
 * Sets an own, enumerable property even when the key is "__proto__" (a plain assignment would
 * change the object's prototype instead). Keys from the network or from drafts go through this.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * The value stored under `key` on `record` itself, never one inherited from `Object.prototype`
 * (`toString`, `constructor`, `__proto__`…): lookup tables and parsed input are read through this,
 * because a key such as "toString" would otherwise find a function.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
