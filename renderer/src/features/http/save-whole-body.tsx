import { useState } from 'react';
import type { ResponseBodyFile } from '../../../../shared/http/http-types';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { base64ToBytes, saveBlob } from '../../ui/download';
import { ProblemLine } from '../../ui/problem-line';

/**
 * Save to file for a body the core kept whole in its cache because the record could not hold it
 * (binary over 10 MB, text past the record limit). The bytes come piece by piece (`http.bodyFile`)
 * into a Blob that grows by composition, so the page never holds the body as one string or buffer.
 * Saved from what was received, never by sending again: the request may not be safe to repeat.
 */
export function SaveWholeBody({ file, filename, type }: { file: ResponseBodyFile & { cacheId: string }; filename: string; type: string }) {
  const t = useT();
  const host = useHost();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  const save = async (): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    try {
      let blob = new Blob([], { type });
      for (let offset = 0; ;) {
        const piece = await host.invoke('http.bodyFile', { cacheId: file.cacheId, offset });
        if (!piece.ok) {
          setProblem(coreErrorLine(t, piece.error));
          return;
        }
        const bytes = base64ToBytes(piece.value.base64);
        if (bytes.length) blob = new Blob([blob, bytes as Uint8Array<ArrayBuffer>], { type });
        offset += bytes.length;
        if (bytes.length === 0 || offset >= piece.value.total) break;
      }
      saveBlob(filename, blob);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void save()} disabled={busy} aria-busy={busy}>
        {busy ? t('http.resp.saving') : t('http.resp.saveWhole')}
      </button>
      <ProblemLine text={problem} />
    </>
  );
}
