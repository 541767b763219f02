import { canonicalCandidates } from '../../../shared/card/card-canonical';
import { hasDuplicateKeys, inspectCard } from '../../../shared/card/card-inspect';
import { looksLikeCard } from '../../../shared/card/card-version';
import type { CardInspectResult } from '../../../shared/contract/ops-card';
import { CoreError } from '../core-error';
import { canonicalBytes } from './card-jcs';
import { isObject } from '../../../shared/a2a/payload';

/**
 * The card a request names: its text when given (parsed here, so repeated keys can be reported),
 * else the parsed value.
 */
export function cardInput(request: { card?: unknown; text?: unknown }, source: string): { card: unknown; text?: string } {
  if (request.text === undefined) {
    if (request.card === undefined) throw new CoreError('bad-request', `${source} is missing: give the card as JSON (card) or as text (text).`);
    return { card: request.card };
  }
  if (typeof request.text !== 'string') throw new CoreError('bad-request', 'The card text must be a string.');
  const text = request.text.charCodeAt(0) === 0xfeff ? request.text.slice(1) : request.text;
  try {
    return { card: JSON.parse(text) as unknown, text };
  } catch (error) {
    throw new CoreError('not-json', `${source} is not JSON (${error instanceof Error ? error.message : String(error)}). Paste the card's JSON.`, {
      kind: 'not-json',
    });
  }
}

/** Inspection plus the canonical bytes; refuses documents that are not cards at all. */
export function analyzeCard(card: unknown, source = 'The document', sourceText?: string): CardInspectResult {
  if (!isObject(card) || !looksLikeCard(card)) {
    const what = Array.isArray(card)
      ? 'a JSON array'
      : isObject(card)
        ? 'a JSON object without Agent Card fields (name, supportedInterfaces, skills…)'
        : card === null
          ? 'JSON null'
          : `JSON ${typeof card}`;
    throw new CoreError('invalid', `${source} is ${what}, not an Agent Card. Check that the URL or file is the agent's card.`, { kind: 'not-a-card' });
  }
  const inspection = inspectCard(card, sourceText);
  const { primary } = canonicalCandidates(card, inspection.version);
  const result: CardInspectResult = { card, ...inspection, canonical: canonicalBytes(primary) };
  if (sourceText !== undefined && hasDuplicateKeys(inspection.findings)) result.sourceText = sourceText;
  return result;
}
