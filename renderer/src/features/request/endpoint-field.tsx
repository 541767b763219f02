import type { InputHTMLAttributes } from 'react';

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
  return (
    <div className="field-col grow">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" inputMode="url" spellCheck={false} autoComplete="off" value={value} {...input} onChange={(e) => onValue(e.target.value)} />
    </div>
  );
}
