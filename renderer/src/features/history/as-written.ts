/**
 * The request as the user wrote it, read from the replay template a history entry keeps
 * (shared/history/replay-template.ts): the address with its `{{variables}}`, the header rows as
 * typed and auth by name. The entry view shows it beside what was sent, which is resolved and
 * redacted, so an old entry still says which variables and which secret a send used. Pure, so the
 * view's wording is tested without a page.
 */
import type { AuthConfig, SecretSource } from '../../../../shared/a2a/auth';
import type { HistoryReplay, HistoryTls, HttpSendSettings } from '../../../../shared/history/history-types';
import { referenceSource } from '../../../../shared/env/variable-syntax';

/** A run of text, or a `{{variable}}` (shown marked). */
export interface TextPiece {
  text: string;
  variable?: true;
}

/** Where a credential comes from, by name only: a stored secret, a `{{variable}}`, a process variable, or nothing chosen. */
export type SourceNamed = { from: 'secret'; name: string } | { from: 'variable'; name: string } | { from: 'env'; name: string } | { from: 'unset' };

export type AuthWritten =
  | { type: 'bearer'; token: SourceNamed }
  | { type: 'apiKey'; in: 'header' | 'query'; name: string; value: SourceNamed }
  | { type: 'basic'; username: string; password: SourceNamed }
  | { type: 'oauth2'; flow: string; clientId: string; clientSecret?: SourceNamed };

export interface HeaderWritten {
  name: string;
  value: TextPiece[];
  /** Switched off in the editor: kept in the draft, not sent. */
  off: boolean;
  /** A literal credential the template emptied (the row was sent, its value not kept). */
  emptied: boolean;
}

/** One line of how a plain HTTP request was sent (its options tab), in order. */
export type SendLine =
  | { kind: 'redirects'; follow: boolean; max?: number }
  | { kind: 'cookies'; used: boolean }
  | { kind: 'unverified' }
  | { kind: 'path'; what: 'ca' | 'cert' | 'key' | 'pfx'; path: TextPiece[] }
  /** The key's passphrase by name (MCP entries keep it by reference). */
  | { kind: 'passphrase'; source: SourceNamed }
  /** `typed`: one typed in as a value (MCP); without it, plain HTTP, which keeps no passphrase at all. */
  | { kind: 'passphraseNotKept'; typed?: true }
  /** `ms` absent: the request set none, so the core's default applied. */
  | { kind: 'timeout'; which: 'total' | 'connect'; ms?: number };

export interface AsWritten {
  endpoint?: TextPiece[];
  headers: HeaderWritten[];
  auth?: AuthWritten;
  /** A literal credential was set and not kept: a replay must choose it again. */
  authNotKept: boolean;
  command?: TextPiece[];
  args: TextPiece[][];
  /** Plain HTTP entries that kept their send settings. */
  send?: SendLine[];
  /** MCP entries over HTTPS: certificate checks, the extra CA and client certificate, the passphrase by name. */
  tls?: SendLine[];
}

const reference = new RegExp(referenceSource, 'g');

/** `{{base}}/a2a?x={{q}}` → `{{base}}` (variable), `/a2a?x=`, `{{q}}` (variable). */
export function templatePieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(reference)) {
    const start = match.index;
    if (start > at) pieces.push({ text: text.slice(at, start) });
    pieces.push({ text: match[0], variable: true });
    at = start + match[0].length;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at) });
  return pieces;
}

const wholeReference = new RegExp(`^\\s*${referenceSource}\\s*$`);

export function sourceNamed(source: SecretSource | undefined): SourceNamed {
  if (!source) return { from: 'unset' };
  if ('env' in source) return source.env ? { from: 'env', name: source.env } : { from: 'unset' };
  if ('secretRef' in source) {
    const variable = wholeReference.exec(source.secretRef)?.[1];
    if (variable !== undefined) return { from: 'variable', name: variable };
    return source.secretRef ? { from: 'secret', name: source.secretRef } : { from: 'unset' };
  }
  // A literal value never reaches a template (templateAuth drops it); should one be there, it is not shown.
  return { from: 'unset' };
}

function authWritten(auth: AuthConfig | undefined): AuthWritten | undefined {
  switch (auth?.type) {
    case undefined:
    case 'none':
      return undefined;
    case 'bearer':
      return { type: 'bearer', token: sourceNamed(auth.token) };
    case 'apiKey':
      return { type: 'apiKey', in: auth.in, name: auth.name, value: sourceNamed(auth.value) };
    case 'basic':
      return { type: 'basic', username: auth.username, password: sourceNamed(auth.password) };
    case 'oauth2':
      return { type: 'oauth2', flow: auth.flow, clientId: auth.clientId, ...(auth.clientSecret ? { clientSecret: sourceNamed(auth.clientSecret) } : {}) };
  }
}

const pathFields = [
  ['caFile', 'ca'],
  ['certFile', 'cert'],
  ['keyFile', 'key'],
  ['pfxFile', 'pfx'],
] as const;

/** TLS as lines: certificate checks off, each path with its variables, the passphrase by name or that it was not kept. */
export function tlsLines(tls: HistoryTls | undefined, passphraseNotKept: 'typed' | boolean): SendLine[] {
  const lines: SendLine[] = [];
  if (tls?.insecureSkipVerify) lines.push({ kind: 'unverified' });
  for (const [field, what] of pathFields) {
    const path = tls?.[field];
    if (typeof path === 'string' && path !== '') lines.push({ kind: 'path', what, path: templatePieces(path) });
  }
  if (tls?.passphrase) lines.push({ kind: 'passphrase', source: sourceNamed(tls.passphrase) });
  if (passphraseNotKept) lines.push(passphraseNotKept === 'typed' ? { kind: 'passphraseNotKept', typed: true } : { kind: 'passphraseNotKept' });
  return lines;
}

/** The send settings as lines: redirects and the cookie jar always, TLS and a connect limit when set, the timeout or its default. */
export function sendLines(send: HttpSendSettings): SendLine[] {
  const lines: SendLine[] = [
    {
      kind: 'redirects',
      follow: send.followRedirects === true,
      ...(send.followRedirects && send.maxRedirects !== undefined ? { max: send.maxRedirects } : {}),
    },
    { kind: 'cookies', used: send.cookies !== false },
  ];
  lines.push(...tlsLines(send.tls, send.passphraseNotKept === true));
  const total = send.timeouts?.totalMs;
  lines.push(typeof total === 'number' ? { kind: 'timeout', which: 'total', ms: total } : { kind: 'timeout', which: 'total' });
  const connect = send.timeouts?.connectMs;
  if (typeof connect === 'number') lines.push({ kind: 'timeout', which: 'connect', ms: connect });
  return lines;
}

/**
 * What the entry view shows as written, or undefined when the entry kept no template (recorded
 * before templates were kept, or a request with nothing written to show): then there is no section.
 */
export function asWrittenOf(replay: HistoryReplay | undefined): AsWritten | undefined {
  if (!replay) return undefined;
  const headers = (replay.headers ?? [])
    .filter((row) => typeof row?.name === 'string' && typeof row.value === 'string')
    .map((row): HeaderWritten => {
      const off = row.enabled === false;
      return { name: row.name, value: templatePieces(row.value), off, emptied: off && row.value === '' };
    });
  const auth = authWritten(replay.auth);
  const out: AsWritten = { headers, authNotKept: replay.authNotKept === true, args: (replay.args ?? []).map(templatePieces) };
  if (typeof replay.endpoint === 'string') out.endpoint = templatePieces(replay.endpoint);
  if (auth) out.auth = auth;
  if (typeof replay.command === 'string') out.command = templatePieces(replay.command);
  if (replay.send) out.send = sendLines(replay.send);
  const tls = replay.tls ? tlsLines(replay.tls, replay.tls.passphraseNotKept ? 'typed' : false) : [];
  if (tls.length) out.tls = tls;
  const anything = out.endpoint || out.command || out.auth || out.authNotKept || out.send || out.tls || headers.length > 0 || out.args.length > 0;
  return anything ? out : undefined;
}
