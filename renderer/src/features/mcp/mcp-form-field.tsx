/**
 * One labelled field of a schema-generated form (elicitation answers, tool arguments): the label,
 * a required mark, the property's type beside the label and its description as a hint (both describe
 * the control), and an optional problem line. A checkbox sits inside its label; every other control follows it.
 */
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-required': boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export function FormField({
  label,
  required,
  description,
  problem,
  type,
  check = false,
  children,
}: {
  label: string;
  required: boolean;
  description?: string | undefined;
  /** The property's type as the schema declares it, shown beside the label. */
  type?: string | undefined;
  problem?: string | undefined;
  /** A checkbox: the control goes inside the label, before its text. */
  check?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [type ? `${id}-type` : '', description ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  const control = children({
    id,
    'aria-required': required,
    ...(described ? { 'aria-describedby': described } : {}),
    ...(problem ? { 'aria-invalid': true } : {}),
  });
  const mark = required ? (
    <span className="mcp-required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
  const typed = type ? (
    <span id={`${id}-type`} className="mcp-type muted small mono">
      {type}
    </span>
  ) : null;
  return (
    <div className="field-col">
      {check ? (
        <span className="mcp-field-head">
          <label className="check">
            {control}
            {label}
            {mark}
          </label>
          {typed}
        </span>
      ) : (
        <>
          <span className="mcp-field-head">
            <label htmlFor={id}>
              {label}
              {mark}
            </label>
            {typed}
          </span>
          {control}
        </>
      )}
      {description ? (
        <p id={`${id}-hint`} className="muted small">
          {description}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="error small">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
