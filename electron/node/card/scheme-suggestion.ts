/**
 * "Did you mean https://…?" for an address typed without a scheme, offered only when the guess is
 * a URL with a plausible host: `agent.example.com`, `localhost:9999`, `127.0.0.1`, `[::1]:8080` or a
 * one-word host with a port (`agent:8080`). `not a url` or `hello` gets no guess: a suggestion that
 * cannot work teaches the wrong fix.
 */
const ipv4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;
// Labels of letters, digits and hyphens, not starting or ending with a hyphen; a last label with a letter.
const dottedName = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/i;

export function plausibleHost(url: URL): boolean {
  const host = url.hostname;
  if (host === 'localhost' || ipv4.test(host) || host.startsWith('[')) return true;
  if (dottedName.test(host)) return true;
  // A single-label name on an internal network, given with its port.
  return /^[a-z0-9-]+$/i.test(host) && url.port !== '';
}

/** The https:// form of `text` when it would be a usable address, else undefined. */
export function schemeSuggestion(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  try {
    const url = new URL(`https://${trimmed}`);
    return plausibleHost(url) ? `https://${trimmed}` : undefined;
  } catch {
    return undefined;
  }
}
