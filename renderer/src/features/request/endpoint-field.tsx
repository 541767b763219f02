import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { takeEndpointFocus, useEndpointFocusStore } from './endpoint-focus';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'>;

/**
 * The labelled address box of a request line, taking the rest of the line. Plain text with URL keyboards:
 * `{{variables}}` and gRPC's bare host:port must pass, and the browser must neither spell-check nor
 * autofill it. Extra input attributes (read-only, aria-*, key handling) pass through.
 */
export function EndpointField({
  id,
  label,
  value,
  onValue,
  ...input
}: { id: string; label: string; value: string; onValue: (value: string) => void } & InputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const focusRequested = useEndpointFocusStore((s) => s.requestedAt);
  useEffect(() => {
    const input = ref.current;
    if (input && takeEndpointFocus(input.getClientRects().length > 0)) input.focus();
  }, [focusRequested]);
  return (
    <div className="field-col grow">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        type="text"
        inputMode="url"
        spellCheck={false}
        autoComplete="off"
        value={value}
        {...input}
        onChange={(e) => onValue(e.target.value)}
      />
    </div>
  );
}
