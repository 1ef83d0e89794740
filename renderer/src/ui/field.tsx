// One labelled control: the label, the control, then its error or its hint, wired for assistive
// technology (the label names the control; the hint and the error describe it; an error marks it
// invalid). The control itself is the caller's: `children` receives the props to spread on it.
import { useId } from 'react';
import type { ReactNode } from 'react';

/** What the control needs from its field: spread these on the input, select or textarea. */
export interface FieldControl {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export function Field(props: {
  label: ReactNode;
  /** Muted words after the label, such as "(optional)". */
  note?: ReactNode;
  /** Shown under the control while there is no error. */
  hint?: ReactNode;
  /** Replaces the hint and marks the control invalid. */
  error?: ReactNode;
  /** Ids of other text that describes the control (a note shared by several fields). */
  describedBy?: string | undefined;
  /** The control's id, when something else refers to it; otherwise one is made. */
  id?: string;
  grow?: boolean;
  className?: string;
  errorTestId?: string;
  children(control: FieldControl): ReactNode;
}): ReactNode {
  const madeId = useId();
  const id = props.id ?? madeId;
  const hasError = props.error !== undefined && props.error !== null && props.error !== false;
  const hintId = !hasError && props.hint ? `${id}-hint` : undefined;
  const errorId = hasError ? `${id}-error` : undefined;
  const describedBy = [props.describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const className = ['field', props.grow ? 'field-grow' : '', props.className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label className="field-label" htmlFor={id}>
        {props.label}
        {props.note ? (
          <>
            {' '}
            <span className="muted">{props.note}</span>
          </>
        ) : null}
      </label>
      {props.children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': hasError ? true : undefined,
      })}
      {hasError ? (
        <p className="field-error" id={errorId} data-testid={props.errorTestId}>
          {props.error}
        </p>
      ) : props.hint ? (
        <p className="field-hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
