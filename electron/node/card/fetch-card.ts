import { timeoutProblem } from '../../../shared/a2a/call';
import type { CardFetchRequest, CardFetchResult } from '../../../shared/contract/ops-card';
import type { CardFinding } from '../../../shared/card/card-types';
import { answerHead, answerStart } from '../../../shared/http/answer-quote';
import { looksLikeCard } from '../../../shared/card/card-version';
import { CoreError } from '../core-error';
import { analyzeCard } from './card-analysis';
import { cardUrlCandidates, describeCardLookup, type CardLookup } from './card-url';
import { safeGet } from './safe-fetch';

/** 1 MiB of decoded bytes: far above any real card, far below anything that hurts. */
export const cardByteLimit = 1024 * 1024;
export const defaultCardTimeouts = { connectMs: 5_000, totalMs: 15_000 };

export interface FetchCardDeps {
  userAgent: string;
  signal?: AbortSignal;
}

/**
 * Public card discovery. Sends exactly: Accept, Accept-Encoding, User-Agent and (for 1.0)
 * `A2A-Version: 1.0` — never Authorization, cookies or a client certificate, whatever the
 * request draft holds — and reports the result without touching the draft.
 */
export async function fetchCard(request: CardFetchRequest, deps: FetchCardDeps): Promise<CardFetchResult> {
  if (typeof request.url !== 'string') throw new CoreError('bad-request', 'card.fetch needs a url (the agent base URL or the card URL).');
  const candidates = cardUrlCandidates(request.url);
  const as = request.as ?? '1.0';
  if (as !== '1.0' && as !== '0.3') throw new CoreError('bad-request', `Fetch the card as 1.0 or 0.3, not ${String(as)}.`);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Encoding': 'gzip, deflate, br',
    'User-Agent': deps.userAgent,
  };
  // A2A §3.6.1: 1.0 clients always send the version; a 0.3 client sends none (servers then assume 0.3).
  if (as === '1.0') headers['A2A-Version'] = '1.0';
  // The agent's base path first, then the origin root: whichever answers is named in the result.
  const misses: string[] = [];
  let response: Awaited<ReturnType<typeof safeGet>> | undefined;
  let url = (candidates[0] as (typeof candidates)[number]).url;
  let lookup: CardLookup = (candidates[0] as (typeof candidates)[number]).lookup;
  for (const [index, candidate] of candidates.entries()) {
    url = candidate.url;
    lookup = candidate.lookup;
    try {
      response = await safeGet({
        url,
        headers,
        maxBytes: cardByteLimit,
        connectTimeoutMs: positive(request.timeouts?.connectMs, defaultCardTimeouts.connectMs, 'connectMs'),
        totalTimeoutMs: positive(request.timeouts?.totalMs, defaultCardTimeouts.totalMs, 'totalMs'),
        ...(deps.signal ? { signal: deps.signal } : {}),
      });
      // Not the last place to look: anything but a card here (a web page, a JSON status page) is a miss,
      // the same rule as the checks' card lookup.
      const notCard = index < candidates.length - 1 ? notACard(response.body) : undefined;
      if (notCard) {
        misses.push(`${url.href} answered ${response.status}, ${notCard}`);
        continue;
      }
      break;
    } catch (error) {
      const status = error instanceof CoreError && error.code === 'http-status' ? statusOf(error.details) : undefined;
      // Any HTTP error at the agent's base path (404, a gateway's 403 for a missing key, a 500) sends
      // the lookup on to the origin root; a network failure would only repeat there, so it stops.
      if (index < candidates.length - 1 && status !== undefined) {
        misses.push(`${url.href} answered ${status}`);
        continue;
      }
      if (misses.length > 0 && error instanceof CoreError) throw new CoreError(error.code, `${error.message} Also tried: ${misses.join('; ')}.`, error.details);
      throw error;
    }
  }
  if (!response) throw new CoreError('http-status', `No agent card found: ${misses.join('; ')}.`);

  let text = response.body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CoreError(
      'not-json',
      `${url.href} answered ${answerHead(response.status, response.contentType)} with a body that is not JSON (${error instanceof Error ? error.message : String(error)}), so not an Agent Card. It began: ${answerStart(text)}. Check that the URL is the agent card and not a web page.`,
      {
        kind: 'not-json',
        status: response.status,
        contentType: response.contentType,
        body: text.slice(0, 2000),
      },
    );
  }
  const analysis = analyzeCard(parsed, `The response from ${url.href}`, text);
  const extra: CardFinding[] = [];
  if (response.contentType && !/\bjson\b/i.test(response.contentType)) {
    extra.push({
      severity: 'warning',
      path: '$',
      rule: 'content-type',
      message: `The card was served as ${response.contentType}; it should be application/json.`,
    });
  }
  return {
    ...analysis,
    findings: [...extra, ...analysis.findings].sort((a, b) => severityRank[a.severity] - severityRank[b.severity]),
    fetch: {
      url: url.href,
      foundAt: lookup,
      lookupNote: describeCardLookup(lookup, url.href, misses),
      status: response.status,
      statusText: response.statusText,
      requestHeaders: response.requestHeaders,
      headers: response.headers,
      ...(response.contentType ? { contentType: response.contentType } : {}),
      ...(response.contentEncoding ? { contentEncoding: response.contentEncoding } : {}),
      bytes: response.bytes,
      wireBytes: response.wireBytes,
      timings: response.timings,
    },
  };
}

const severityRank = { error: 0, warning: 1, info: 2 } as const;

function positive(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const problem = timeoutProblem(`timeouts.${name}`, value);
  if (problem) throw new CoreError('bad-request', problem);
  return value as number;
}

function statusOf(details: unknown): number | undefined {
  const status = typeof details === 'object' && details !== null ? (details as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** A quick look at the first byte: a 200 HTML page at the base path is a miss, not a broken card. */
/** Why a body is not an Agent Card ('not JSON', 'not an agent card'), or undefined when it may be one. */
function notACard(body: Buffer): string | undefined {
  if (!looksLikeJson(body)) return 'not JSON';
  try {
    const text = body.toString('utf8');
    return looksLikeCard(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)) ? undefined : 'not an agent card';
  } catch {
    return 'not JSON';
  }
}

function looksLikeJson(body: Buffer): boolean {
  const text = body
    .toString('utf8', 0, Math.min(body.length, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('{') || text.startsWith('[');
}
