/**
 * What a save dialog shows of the operation a tab is linked to (opened from, or last saved to): its
 * summary as the file holds it, and the fields a save keeps as written (description, tags, operationId).
 * Read from the file list, which every save refreshes, so it is the version on disk or the one last saved.
 */
import { useEffect, useRef, useState } from 'react';
import type { SpecOperationSummary } from '../../../../shared/openapi/operation-list';
import { useT } from '../../i18n/i18n';
import { useSpecsStore } from './specs-store';

/** The operation the tab is linked to, as its file is listed now (undefined before the list loads, or when it is gone). */
export function useLinkedOperation(tabId: string): SpecOperationSummary | undefined {
  return useSpecsStore((s) => {
    const link = s.links[tabId];
    if (!link) return undefined;
    const file = s.files.find((f) => f.file === link.file || f.name === link.file);
    const verb = link.httpMethod?.toLowerCase();
    return file?.operations.find((o) => o.path === link.path && (verb === undefined || o.httpMethod.toLowerCase() === verb));
  });
}

/**
 * A save dialog's summary field: it starts at the linked operation's summary (else `fallback`, what the tab
 * was opened with), and follows it while the person has not typed, since the file list may arrive after the
 * dialog opens. Saved untouched, the summary stays what it was; an empty field was never a way to keep it.
 */
export function useSummaryField(linked: SpecOperationSummary | undefined, fallback: string | undefined): [string, (text: string) => void] {
  const seed = linked?.summary ?? fallback ?? '';
  const [summary, setSummary] = useState(seed);
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) setSummary(seed);
  }, [seed]);
  return [
    summary,
    (text: string) => {
      typed.current = true;
      setSummary(text);
    },
  ];
}

/** The linked operation's fields no dialog field edits: said, so the person knows a save keeps them. */
export function KeptOperationFields({ op }: { op: SpecOperationSummary | undefined }) {
  const t = useT();
  if (!op) return null;
  const kept = [
    ...(op.operationId ? [t('save.kept.operationId', { value: op.operationId })] : []),
    ...(op.tags?.length ? [t('save.kept.tags', { value: op.tags.join(', ') })] : []),
    ...(op.description ? [t('save.kept.description', { value: oneLine(op.description) })] : []),
  ];
  if (!kept.length) return null;
  return <p className="muted small">{t('save.kept', { fields: kept.join('; ') })}</p>;
}

/** A description shown on one line: its first line, cut at 120 characters. */
function oneLine(text: string): string {
  const first = text.trim().split('\n')[0] ?? '';
  return first.length > 120 ? `${first.slice(0, 119)}…` : first;
}
