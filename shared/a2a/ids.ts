/** Fresh identifiers (messageId, JSON-RPC id, record id) without node:crypto or DOM types. */

type CryptoLike = { randomUUID?: () => string; getRandomValues?: <T extends Uint8Array>(array: T) => T };

function platformCrypto(): CryptoLike | undefined {
  return (globalThis as { crypto?: CryptoLike }).crypto;
}

/** A random RFC 4122 version 4 UUID. */
export function newUuid(): string {
  const c = platformCrypto();
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new A2A messageId (A2A §3.2.1: minted by the sender, unique). */
export function newMessageId(): string {
  return newUuid();
}
