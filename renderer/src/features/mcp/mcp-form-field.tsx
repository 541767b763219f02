/**
 * One labelled field of a schema-generated form (elicitation answers, tool arguments): the label,
 * a required mark, the property's description as a hint the control is described by, and an
 * optional problem line. A checkbox sits inside its label; every other control follows it.
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
  check = false,
  children,
}: {
  label: string;
  required: boolean;
  description?: string | undefined;
  problem?: string | undefined;
  /** A checkbox: the control goes inside the label, before its text. */
  check?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [description ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
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
  return (
    <div className="field-col">
      {check ? (
        <label className="check">
          {control}
          {label}
          {mark}
        </label>
      ) : (
        <>
          <label htmlFor={id}>
            {label}
            {mark}
          </label>
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
