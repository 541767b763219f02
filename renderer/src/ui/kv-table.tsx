import { Fragment, useId, type ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n/i18n';

export interface KvRow {
  name: string;
  value: string;
  enabled?: boolean;
}

interface KvTableProps<R extends KvRow> {
  caption: string;
  rows: readonly R[];
  onChange: (rows: R[]) => void;
  addLabel: string;
  /** Shapes a new empty row. */
  blank: () => R;
  /** Accessible names of each row's controls (`{n}` is the row number); default "Send row {n}", "Name {n}"… */
  rowLabels?: RowLabels;
  /** Shown under the table, inside the editor (e.g. a hint). */
  children?: ReactNode;
  /** A one-line note under a row (and its value's description), e.g. why its value is empty. */
  rowNote?: (row: R) => string | undefined;
}

export interface RowLabels {
  enabledN: MessageKey;
  nameN: MessageKey;
  valueN: MessageKey;
  removeN: MessageKey;
}

/** The row the Add button appends when a table's rows need nothing more than a name and a value. */
export const emptyKvRow = (): KvRow => ({ name: '', value: '', enabled: true });

const genericLabels: RowLabels = { enabledN: 'http.enabledN', nameN: 'http.nameN', valueN: 'http.valueN', removeN: 'http.removeN' };

/** Name/value rows with an on/off box each: query params, headers, form fields. */
export function KvTable<R extends KvRow>({ caption, rows, onChange, addLabel, blank, rowLabels = genericLabels, children, rowNote }: KvTableProps<R>) {
  const t = useT();
  const noteId = useId();
  const change = (index: number, patch: Partial<KvRow>): void => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <div className="headers-editor">
      <table className="kv-table kv-edit">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('http.on')}</th>
            <th scope="col">{t('http.name')}</th>
            <th scope="col">{t('http.value')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('headers.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const note = rowNote?.(row);
            return (
              <Fragment key={index}>
                <tr>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t(rowLabels.enabledN, { n: index + 1 })}
                      checked={row.enabled !== false}
                      onChange={(e) => change(index, { enabled: e.target.checked })}
                    />
                  </td>
                  <td className="kv-name">
                    <input
                      aria-label={t(rowLabels.nameN, { n: index + 1 })}
                      value={row.name}
                      spellCheck={false}
                      onChange={(e) => change(index, { name: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={t(rowLabels.valueN, { n: index + 1 })}
                      {...(note ? { 'aria-describedby': `${noteId}-${index}` } : {})}
                      value={row.value}
                      spellCheck={false}
                      onChange={(e) => change(index, { value: e.target.value })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t(rowLabels.removeN, { n: index + 1 })}
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    >
                      ×
                    </button>
                  </td>
                </tr>
                {note ? (
                  <tr className="kv-row-note">
                    <td />
                    <td colSpan={3} id={`${noteId}-${index}`} className="muted small">
                      {note}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      <button type="button" onClick={() => onChange([...rows, blank()])}>
        {addLabel}
      </button>
      {children}
    </div>
  );
}
