/**
 * A tool's arguments as a form: one field per property of its inputSchema, each reading and
 * writing its own key of the arguments text (the text is what is sent and saved). An empty field
 * leaves its argument out; nothing is filled in that the user did not give.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT, type MessageKey } from '../../i18n/i18n';
import { FormField } from './mcp-form-field';
import { argumentFields, argumentValue, controlFor, readArguments, valueFromControl, withArgument, type ArgumentField } from './mcp-tool-arguments';

const problems: Record<'notNumber' | 'notInteger' | 'notJson' | 'notVariable', MessageKey> = {
  notNumber: 'mcp.args.notNumber',
  notInteger: 'mcp.args.notInteger',
  notJson: 'mcp.args.notJson',
  notVariable: 'mcp.args.notVariable',
};

/** The boolean select's choice that turns the field into a text box for a `{{variable}}`. */
const VARIABLE_CHOICE = 'variable';

/** A stable key for a value, to tell whether the text still holds what this field last wrote. */
function keyOf(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value);
}

function ArgumentInput({
  field,
  value,
  onValue,
  onInvalid,
}: {
  field: ArgumentField;
  value: unknown;
  onValue: (value: unknown) => void;
  /** Whether the field shows text that stands for no value (the text still holds the last good one). */
  onInvalid: (name: string, invalid: boolean) => void;
}) {
  const t = useT();
  const shown = controlFor(field, value);
  // What the user typed, kept while it does not (yet) parse or while it is spelt differently from
  // the value it stands for ("1.50", a JSON field's spacing); dropped once the text holds something else.
  // `variable`: a boolean field being given a {{variable}} (chosen as "Variable…" in its select).
  const [typed, setTyped] = useState<{ text: string; problem?: MessageKey; for: string; variable?: boolean } | null>(null);
  const local = typed && typed.for === keyOf(value) ? typed : null;
  const text = local ? local.text : shown.text;
  const variable = local?.variable === true || (shown.kind === 'boolean' && text.startsWith('{{'));
  const change = (next: string): void => {
    const read = valueFromControl(field, shown.kind, next);
    // Clearing a boolean's variable box gives the select back.
    const keep = variable && next.trim() !== '';
    if (read.ok) {
      setTyped({ text: next, for: keyOf(read.value), variable: keep });
      onValue(read.value);
    } else setTyped({ text: next, problem: problems[read.problem], for: keyOf(value), variable: keep });
  };
  const problem = local?.problem ? t(local.problem) : undefined;
  // Run must not send a value other than the one the field shows: the form says which fields are off.
  const invalid = Boolean(local?.problem);
  useEffect(() => {
    onInvalid(field.name, invalid);
    return () => onInvalid(field.name, false);
  }, [field.name, invalid, onInvalid]);
  return (
    <FormField label={field.name} required={field.required} type={field.type} description={field.description} problem={problem}>
      {(control) => {
        switch (shown.kind) {
          case 'boolean':
            if (!variable)
              return (
                <select
                  {...control}
                  value={text}
                  onChange={(e) => (e.target.value === VARIABLE_CHOICE ? setTyped({ text: '', for: keyOf(value), variable: true }) : change(e.target.value))}
                >
                  <option value="">{t('mcp.args.unset')}</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                  <option value={VARIABLE_CHOICE}>{t('mcp.args.variableChoice')}</option>
                </select>
              );
            return <input {...control} type="text" spellCheck={false} autoComplete="off" value={text} onChange={(e) => change(e.target.value)} />;
          case 'choice':
            return (
              <select {...control} value={text} onChange={(e) => change(e.target.value)}>
                <option value="">{t('mcp.args.unset')}</option>
                {(field.choices ?? []).map((c, i) => (
                  <option key={i} value={String(i)}>
                    {typeof c === 'string' ? c : JSON.stringify(c)}
                  </option>
                ))}
              </select>
            );
          case 'json':
            return <textarea {...control} className="mono" rows={2} spellCheck={false} value={text} onChange={(e) => change(e.target.value)} />;
          default:
            return (
              <input
                {...control}
                type="text"
                {...(shown.kind === 'text' ? {} : { inputMode: 'decimal' as const })}
                spellCheck={false}
                autoComplete="off"
                value={text}
                onChange={(e) => change(e.target.value)}
              />
            );
        }
      }}
    </FormField>
  );
}

/**
 * The form for `text` (the arguments object). When the text is not plain JSON (an unquoted
 * `{{variable}}`, a typo) it says so and shows nothing: the caller keeps the JSON view.
 * `onInvalid` hears the names of the fields whose shown text stands for no value (in form order),
 * each time that set changes, and an empty list once the form is gone.
 */
export function McpArgumentsForm({
  schema,
  text,
  onText,
  onInvalid,
}: {
  schema: Record<string, unknown>;
  text: string;
  onText: (text: string) => void;
  onInvalid?: (names: string[]) => void;
}) {
  const t = useT();
  const { fields, left } = useMemo(() => argumentFields(schema), [schema]);
  const invalid = useRef(new Set<string>());
  const report = useRef(onInvalid);
  report.current = onInvalid;
  const order = useRef(fields);
  order.current = fields;
  const markInvalid = useMemo(
    () =>
      (name: string, bad: boolean): void => {
        if (invalid.current.has(name) === bad) return;
        if (bad) invalid.current.add(name);
        else invalid.current.delete(name);
        report.current?.(order.current.map((f) => f.name).filter((n) => invalid.current.has(n)));
      },
    [],
  );
  const read = readArguments(text);
  if (!read.ok)
    return (
      <p className="muted small" role="note">
        {t(read.reason === 'notJson' ? 'mcp.args.notPlainJson' : 'mcp.args.notObject')}
      </p>
    );
  const known = new Set(fields.map((f) => f.name));
  const others = Object.keys(read.value).filter((name) => !known.has(name));
  return (
    <div className="mcp-arguments-form" role="group" aria-label={t('mcp.toolArgumentsForm')}>
      {fields.length ? null : <p className="muted small">{t('mcp.args.none')}</p>}
      {fields.map((field) => (
        <ArgumentInput
          key={field.name}
          field={field}
          value={argumentValue(read.value, field.name)}
          onValue={(value) => {
            const next = withArgument(text, field.name, value);
            if (next !== undefined) onText(next);
          }}
          onInvalid={markInvalid}
        />
      ))}
      {left > 0 ? <p className="muted small">{t('mcp.args.more', { count: left })}</p> : null}
      {others.length ? <p className="muted small">{t('mcp.args.others', { names: others.join(', ') })}</p> : null}
    </div>
  );
}
