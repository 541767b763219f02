import { DEFAULT_CALL_TOTAL_MS, type TimeoutField } from '../../../shared/a2a/call';
import { DEFAULT_HTTP_CONNECT_MS } from '../../../shared/http/http-types';
import { useT } from '../i18n/i18n';

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

/** Options › Timeout and Connect timeout (seconds), as the HTTP and the A2A tab offer them; empty is the core's default. */
export function TimeoutOptions(props: {
  id: string;
  values: Partial<Record<TimeoutField, number>>;
  onChange: (field: TimeoutField, seconds: number | undefined) => void;
}) {
  const t = useT();
  const { id, values, onChange } = props;
  return (
    <>
      <NumberOption
        id={`${id}-timeout`}
        label={t('send.timeout')}
        help={t('send.timeoutHint')}
        min={1}
        placeholder={String(DEFAULT_CALL_TOTAL_MS / 1000)}
        value={values.timeoutSeconds}
        onChange={(seconds) => onChange('timeoutSeconds', seconds)}
      />
      <NumberOption
        id={`${id}-connect-timeout`}
        label={t('send.connectTimeout')}
        help={t('send.connectTimeoutHint')}
        min={1}
        placeholder={String(DEFAULT_HTTP_CONNECT_MS / 1000)}
        value={values.connectTimeoutSeconds}
        onChange={(seconds) => onChange('connectTimeoutSeconds', seconds)}
      />
    </>
  );
}
