/**
 * Sets an own, enumerable property even when the key is "__proto__" (a plain assignment would
 * change the object's prototype instead). Keys from the network or from drafts go through this.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
