import type { ReactNode } from 'react';
import { prettyJson } from '../../ui/format';

/** A schema of the docs, folded under its label and the `$ref` it came from (one look for every schema the docs show). */
export function SchemaDetails({ label, schema }: { label: ReactNode; schema: { schema: unknown; ref?: string | undefined } }) {
  return (
    <details>
      <summary>
        {label} {schema.ref ? <code>{schema.ref}</code> : null}
      </summary>
      <pre className="code-block">{prettyJson(schema.schema)}</pre>
    </details>
  );
}
