import { useCallback, useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface SplitterProps {
  label: string;
  orientation: 'vertical' | 'horizontal';
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** +1 when dragging right/down grows the value, -1 when it shrinks it. */
  direction?: 1 | -1;
}

/**
 * A window splitter (WAI-ARIA "separator" with a value): drag with the pointer, or focus it and
 * use the arrow keys (Shift for bigger steps), Home/End for the limits.
 */
export function Splitter({ label, orientation, value, min, max, onChange, direction = 1 }: SplitterProps) {
  const start = useRef<{ pos: number; value: number } | null>(null);
  const clamp = useCallback((v: number) => Math.max(min, Math.min(max, Math.round(v))), [min, max]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { pos: orientation === 'vertical' ? event.clientX : event.clientY, value };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (!start.current) return;
    const pos = orientation === 'vertical' ? event.clientX : event.clientY;
    onChange(clamp(start.current.value + direction * (pos - start.current.pos)));
  };
  const onPointerUp = (): void => {
    start.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const step = event.shiftKey ? 64 : 16;
    const grow = orientation === 'vertical' ? ['ArrowRight'] : ['ArrowDown'];
    const shrink = orientation === 'vertical' ? ['ArrowLeft'] : ['ArrowUp'];
    if (grow.includes(event.key)) onChange(clamp(value + direction * step));
    else if (shrink.includes(event.key)) onChange(clamp(value - direction * step));
    else if (event.key === 'Home') onChange(min);
    else if (event.key === 'End') onChange(max);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-label={label}
      aria-orientation={orientation}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={`splitter splitter-${orientation}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
