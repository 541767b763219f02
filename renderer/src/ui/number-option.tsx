/**
 * A whole-number setting of an Options tab (timeouts, limits): empty means the core's default, shown
 * as the placeholder; `onChange` gets undefined when the field is emptied.
 */
export function NumberOption(props: {
  id: string;
  label: string;
  help: string;
  min: number;
  placeholder: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const { id, label, help, min, placeholder, value, onChange } = props;
  return (
    <div className="field-col">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        step={1}
        inputMode="numeric"
        placeholder={placeholder}
        value={value ?? ''}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.target.value.trim() === '' ? undefined : Number(e.target.value))}
      />
      <span id={`${id}-help`} className="muted small">
        {help}
      </span>
    </div>
  );
}
