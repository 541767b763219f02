import { CoreError } from '../core-error';

const wellKnownPath = '/.well-known/agent-card.json';

/**
 * A base URL becomes `{origin}{path}/.well-known/agent-card.json` (A2A §8.2), with or without a
 * trailing slash; a URL whose path already names a JSON document is fetched as it is.
 */
export function resolveCardUrl(input: string): URL {
  const text = input.trim();
  if (text === '') throw new CoreError('bad-request', 'Enter the agent URL (for example https://agent.example.com).');
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) {
    throw new CoreError('bad-request', `"${text}" has no scheme. Did you mean https://${text} (or http://${text} for a local agent)?`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CoreError('bad-request', `"${text}" is not a valid URL. Check it and try again.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CoreError('bad-request', `Agent cards are fetched over http or https, not ${url.protocol.replace(':', '')}. Use the agent's https URL.`);
  }
  if (url.username !== '' || url.password !== '') {
    // Public discovery never sends credentials (A2A §8.2 is unauthenticated).
    throw new CoreError('bad-request', 'The URL embeds credentials (user:password@). Card discovery is public: remove them and fetch again.');
  }
  url.hash = '';
  if (/\.json$/i.test(url.pathname) || url.pathname.includes('/.well-known/')) return url;
  const base = url.pathname.replace(/\/+$/, '');
  url.pathname = `${base}${wellKnownPath}`;
  url.search = '';
  return url;
}
