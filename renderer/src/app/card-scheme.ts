import type { CardSummary } from '../../../shared/card/card-types';

function sameUrl(a: string, b: string): boolean {
  const norm = (u: string): string => u.trim().replace(/\/+$/, '').toLowerCase();
  return norm(a) !== '' && norm(a) === norm(b);
}

/**
 * The security scheme the inspected card declares, when that card is the agent of `endpoint` (one of
 * its interfaces is that URL): "name (label)", e.g. `bearer (Bearer (JWT))`, for the response's hint
 * to set Auth. The first scheme the card's requirements name, else its first scheme.
 */
export function cardSchemeFor(
  summary: Pick<CardSummary, 'interfaces' | 'securitySchemes' | 'securityRequirements'> | undefined,
  endpoint: string,
): string | undefined {
  if (!summary || !summary.interfaces.some((i) => sameUrl(i.url, endpoint))) return undefined;
  const required = new Set(summary.securityRequirements.flatMap((r) => r.schemes.map((s) => s.name)));
  const scheme = summary.securitySchemes.find((s) => required.has(s.name)) ?? summary.securitySchemes[0];
  return scheme ? `${scheme.name} (${scheme.label})` : undefined;
}
