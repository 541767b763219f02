import { schemeSuggestion } from './scheme-suggestion';
import { CoreError } from '../core-error';

const wellKnownPath = '/.well-known/agent-card.json';

/** Which lookup a card URL comes from: the URL as given, the agent's base path, or the origin root. */
export type CardLookup = 'given' | 'base-path' | 'origin-root';

export interface CardCandidate {
  url: URL;
  lookup: CardLookup;
}

/**
 * Where to look for an agent's card, in order. A URL naming a JSON document is fetched as given. A
 * base URL with a path (`https://host/agents/x`) is where agents hosted under a path publish their
 * card, so `{base}/.well-known/agent-card.json` comes first and the origin's well-known card second
 * (A2A §8.2 names the well-known path on the agent's domain). A bare origin has one candidate.
 */
export function cardUrlCandidates(input: string): CardCandidate[] {
  const first = resolveCardUrl(input);
  if (isWellKnownInput(input)) return [{ url: first, lookup: 'given' }];
  if (first.pathname === wellKnownPath) return [{ url: first, lookup: 'origin-root' }];
  const root = new URL(first.href);
  root.pathname = wellKnownPath;
  return [
    { url: first, lookup: 'base-path' },
    { url: root, lookup: 'origin-root' },
  ];
}

function isWellKnownInput(input: string): boolean {
  try {
    const path = new URL(input.trim()).pathname;
    return /\.json$/i.test(path) || path.includes('/.well-known/');
  } catch {
    return false;
  }
}

/** Says which lookup answered, for the UI and the CLI. */
export function describeCardLookup(lookup: CardLookup, url: string, misses: readonly string[] = []): string {
  const missed = misses.length > 0 ? ` (${misses.join('; ')})` : '';
  switch (lookup) {
    case 'given':
      return `Card read from ${url}, the URL given.`;
    case 'base-path':
      return `Card found at the agent's base path: ${url}.`;
    case 'origin-root':
      return `Card found at the origin root: ${url}${missed}.`;
  }
}

/**
 * A base URL becomes `{origin}{path}/.well-known/agent-card.json` (A2A §8.2), with or without a
 * trailing slash; a URL whose path already names a JSON document is fetched as it is. This is the
 * first candidate of cardUrlCandidates.
 */
export function resolveCardUrl(input: string): URL {
  const text = input.trim();
  if (text === '') throw new CoreError('bad-request', 'Enter the agent URL (for example https://agent.example.com).');
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) {
    // Suggest a scheme only when the result would be a usable address ("not a url" gets no https:// guess).
    const suggestion = schemeSuggestion(text);
    throw new CoreError(
      'bad-request',
      suggestion
        ? `"${text}" has no scheme. Did you mean ${suggestion} (or http://${text} for a local agent)?`
        : `"${text}" is not a URL. Enter the agent's address with its scheme, for example https://agent.example.com or http://127.0.0.1:9999.`,
    );
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
