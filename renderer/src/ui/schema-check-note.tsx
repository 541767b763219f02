import type { ReactNode } from 'react';

export interface SchemaViolationLine {
  path: string;
  message: string;
}

/**
 * The verdict of a schema check (an HTTP response against its operation, an MCP tool's
 * structuredContent against its outputSchema): one line in the verdict's tone, the violations with
 * their JSON paths, then the checker's notes. `more` adds list items the caller words itself.
 */
export function SchemaCheckNote({
  verdict,
  title,
  violations,
  more,
  notes,
  listLabel,
}: {
  verdict: 'ok' | 'unchecked' | 'problem';
  title: string;
  violations: readonly SchemaViolationLine[];
  more?: ReactNode[];
  notes: readonly string[];
  listLabel?: string;
}) {
  return (
    <div className="http-check" role="status">
      <p className={verdict === 'ok' ? 'tone-ok' : verdict === 'unchecked' ? 'muted' : 'error'}>{title}</p>
      {violations.length || more?.length ? (
        <ul aria-label={listLabel}>
          {violations.map((v, i) => (
            <li key={`v${i}`}>
              <code>{v.path}</code> {v.message}
            </li>
          ))}
          {more}
        </ul>
      ) : null}
      {notes.map((note, i) => (
        <p key={i} className="muted small">
          {note}
        </p>
      ))}
    </div>
  );
}
