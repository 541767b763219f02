import { lintCard } from './card-lint';
import { summarizeCard } from './card-summary';
import type { CardFinding, CardSummary, CardVersion } from './card-types';
import { customFieldPaths, validateCard } from './card-validate';
import { detectCardVersion } from './card-version';
import { findDuplicateKeys, type DuplicateKey } from './json-duplicate-keys';
import { formatPath } from './json-path';

export interface CardInspection {
  version: CardVersion;
  /** One sentence on how the version was told apart. */
  versionReason: string;
  findings: CardFinding[];
  summary: CardSummary;
}

const severityOrder = { error: 0, warning: 1, info: 2 } as const;

/**
 * Detect, validate, lint and summarise: everything the inspector shows except the signature verdicts.
 * `sourceText` is the card as fetched or pasted; repeated keys exist only there (the parsed object
 * holds the last value of each), so pass it whenever it is at hand.
 */
export function inspectCard(card: unknown, sourceText?: string): CardInspection {
  const detection = detectCardVersion(card);
  const findings = validateCard(card, detection.version);
  if (sourceText !== undefined) findings.push(...duplicateKeyFindings(findDuplicateKeys(sourceText)));
  const summary = summarizeCard(card, detection.version, customFieldPaths(findings));
  findings.push(...lintCard(card, detection.version, summary));
  if (detection.hybrid) {
    findings.push({
      severity: 'info',
      path: '$',
      rule: 'hybrid-card',
      message:
        'This 0.3 card also embeds v1.0 supportedInterfaces (the official SDK serves it to callers without A2A-Version). Fetch with A2A-Version: 1.0 to get the 1.0 card.',
    });
  }
  if (detection.version === '0.3' && Array.isArray((card as { signatures?: unknown }).signatures)) {
    findings.push({
      severity: 'info',
      path: '$.signatures',
      rule: 'v03-signatures',
      message: 'A2A 0.3 defined no canonical form for card signatures; Powerduck checks them over the whole card minus `signatures`.',
    });
  }
  findings.sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity]);
  return { version: detection.version, versionReason: detection.reason, findings, summary };
}

export function hasErrors(findings: readonly CardFinding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}

/** Repeated keys, as findings: an error when the copies differ (two readers see two cards), else a warning. */
export function duplicateKeyFindings(duplicates: readonly DuplicateKey[]): CardFinding[] {
  return duplicates.map((dup) => {
    const where = formatPath([...dup.path, dup.key]);
    const times = dup.count === 2 ? 'twice' : `${dup.count} times`;
    if (!dup.differs) {
      return {
        severity: 'warning',
        path: where,
        rule: 'duplicate-key',
        message: `\`${dup.key}\` is given ${times} in the same object, with the same value each time. Strict JSON parsers refuse such a card; serve each key once.`,
      };
    }
    return {
      severity: 'error',
      path: where,
      rule: 'duplicate-key',
      message: `\`${dup.key}\` is given ${times} in the same object. Powerduck (like JavaScript's JSON.parse) reads the last value, ${dup.lastValue}; a parser that keeps the first reads ${dup.firstValue}. Clients and signers can see different cards: the agent must serve each key once.`,
    };
  });
}

/** Does this inspection rest on a card text with repeated keys? */
export function hasDuplicateKeys(findings: readonly CardFinding[]): boolean {
  return findings.some((f) => f.rule === 'duplicate-key');
}
