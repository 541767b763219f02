import { canonicalCandidates } from '../../../shared/card/card-canonical';
import { inspectCard } from '../../../shared/card/card-inspect';
import { isJsonObject } from '../../../shared/card/card-schema';
import { looksLikeCard } from '../../../shared/card/card-version';
import type { CardInspectResult } from '../../../shared/contract/ops-card';
import { CoreError } from '../core-error';
import { canonicalBytes } from './card-jcs';

/** Inspection plus the canonical bytes; refuses documents that are not cards at all. */
export function analyzeCard(card: unknown, source = 'The document'): CardInspectResult {
  if (!isJsonObject(card) || !looksLikeCard(card)) {
    const what = Array.isArray(card) ? 'a JSON array' : isJsonObject(card) ? 'a JSON object without Agent Card fields (name, supportedInterfaces, skills…)' : `JSON ${typeof card}`;
    throw new CoreError('invalid', `${source} is ${what}, not an Agent Card. Check that the URL or file is the agent's card.`, { kind: 'not-a-card' });
  }
  const inspection = inspectCard(card);
  const { primary } = canonicalCandidates(card, inspection.version);
  return { card, ...inspection, canonical: canonicalBytes(primary) };
}
