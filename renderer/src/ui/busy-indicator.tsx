import { useEffect, useState } from 'react';

/** True once `busy` has lasted `delayMs`: quick work shows nothing, slower work shows progress. */
export function useDelayedBusy(busy: boolean, delayMs = 300): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [busy, delayMs]);
  return shown;
}

/**
 * Progress for work over ~300 ms: an indeterminate bar plus a sentence in a live region, so
 * screen readers hear it too. Renders an empty live region before then, which keeps announcements reliable.
 */
export function BusyIndicator({ busy, label, delayMs = 300 }: { busy: boolean; label: string; delayMs?: number }) {
  const shown = useDelayedBusy(busy, delayMs);
  return (
    <div className="busy" role="status" aria-live="polite">
      {shown ? (
        <>
          <span className="busy-bar" aria-hidden="true" />
          <span className="muted small">{label}</span>
        </>
      ) : null}
    </div>
  );
}
