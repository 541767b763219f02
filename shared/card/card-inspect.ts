import { lintCard } from './card-lint';
import { summarizeCard } from './card-summary';
import type { CardFinding, CardSummary, CardVersion } from './card-types';
import { customFieldPaths, validateCard } from './card-validate';
import { detectCardVersion } from './card-version';

export interface CardInspection {
  version: CardVersion;
  /** One sentence on how the version was told apart. */
  versionReason: string;
  findings: CardFinding[];
  summary: CardSummary;
}

const severityOrder = { error: 0, warning: 1, info: 2 } as const;

/** Detect, validate, lint and summarise: everything the inspector shows except the signature verdicts. */
export function inspectCard(card: unknown): CardInspection {
  const detection = detectCardVersion(card);
  const findings = validateCard(card, detection.version);
  const summary = summarizeCard(card, detection.version, customFieldPaths(findings));
  findings.push(...lintCard(card, detection.version, summary));
  if (detection.hybrid) {
    findings.push({
      severity: 'info',
      path: '$',
      rule: 'hybrid-card',
      message: 'This 0.3 card also embeds v1.0 supportedInterfaces (the official SDK serves it to callers without A2A-Version). Fetch with A2A-Version: 1.0 to get the 1.0 card.',
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
