import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface VirtualRowsProps {
  count: number;
  rowHeight: number;
  /** Re-render trigger for appended rows (the row source mutates in place). */
  version: number;
  renderRow: (index: number) => ReactNode;
  /** Keep the newest row in view while the user is at the bottom. */
  follow?: boolean;
  className?: string;
  overscan?: number;
}

/**
 * Fixed-height windowing: only the rows in view (plus a little overscan) exist in the DOM, so
 * the cost of a frame is the same at 50 rows as at 50,000.
 */
export function VirtualRows({ count, rowHeight, version, renderRow, follow = true, className, overscan = 8 }: VirtualRowsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 400 });
  const pinned = useRef(true);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewport({ top: el.scrollTop, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !follow || !pinned.current) return;
    // Past the end is clamped by the browser; no scrollHeight read, so no forced layout per frame.
    el.scrollTop = count * rowHeight;
  }, [count, version, follow, rowHeight]);

  const first = Math.max(0, Math.floor(viewport.top / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((viewport.top + viewport.height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));

  return (
    <div
      ref={scroller}
      className={className ? `virtual-scroller ${className}` : 'virtual-scroller'}
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollTop + el.clientHeight >= el.scrollHeight - rowHeight * 1.5;
        setViewport({ top: el.scrollTop, height: el.clientHeight });
      }}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>
        <div style={{ position: 'absolute', top: first * rowHeight, left: 0, right: 0 }}>{rows}</div>
      </div>
    </div>
  );
}
