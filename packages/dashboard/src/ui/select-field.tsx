/**
 * A labelled <select>. The label sits beside the control (for/id) rather than
 * around it: a wrapping label would make the chosen option part of the
 * accessible name ("Type Block" instead of "Type").
 */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ComponentChildren;
  invalid?: boolean;
  inline?: boolean;
}

export function SelectField(props: SelectFieldProps) {
  const id = useId();
  return (
    <div class={props.inline ? 'field inline' : 'field'}>
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-invalid={props.invalid ? true : undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.children}
      </select>
    </div>
  );
}
