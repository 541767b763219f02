import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import type { RedactionRules } from '../../../shared/a2a/redaction';

/**
 * The secrets of each call, kept beside its record in memory only (a WeakMap: gone with the record),
 * so the persistence seam can hide them in every copy it writes without the record ever holding them.
 */
const rulesByRecord = new WeakMap<ExchangeRecord, RedactionRules>();

export function rememberRedaction(record: ExchangeRecord, rules: RedactionRules): void {
  if (rules.values?.length || rules.headers?.length || rules.query?.length) rulesByRecord.set(record, rules);
}

/** The rules the call that produced `record` was recorded with; `{}` for a record from elsewhere. */
export function redactionOf(record: ExchangeRecord): RedactionRules {
  return rulesByRecord.get(record) ?? {};
}
