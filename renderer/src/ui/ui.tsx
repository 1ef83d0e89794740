// Small building blocks of the design system (styles in styles.css; the error callout's Details
// in search.css).
import { useEffect, useId, useRef } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ERROR_CODES } from '#shared/errors/errors.js';
import type { IpcErrorPayload } from '#shared/contract/ipc.js';
import { personError } from '#shared/errors/person-errors.js';
import './ui.css';

/** A spinning circle; decorative, the text next to it says what is happening. */
export function Spinner(): ReactNode {
  return <span className="spinner" aria-hidden="true" />;
}

type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'sm';
  /**
   * While true: a spinner and `busyLabel` instead of the children, and clicks are ignored. The
   * button stays focusable (aria-disabled, not disabled), so focus never drops to the page.
   */
  busy?: boolean;
  busyLabel?: string;
};

/** A button of the design system with a built-in loading state. */
export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  busyLabel,
  className,
  children,
  disabled,
  type,
  onClick,
  ...rest
}: ButtonProps): ReactNode {
  const classes = ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
    >
      {busy ? (
        <>
          <Spinner />
          <span>{busyLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/**
 * An error in the person's words: what happened and what to do (shared/person-errors.ts), with
 * the code and the text an AI app gets under a closed "Details". `title` names the context
 * ("The folder was not removed") and is shown above the person's title.
 */
export function ErrorCallout(props: {
  error: IpcErrorPayload;
  title?: string;
  onDismiss?: () => void;
  testId?: string;
}): ReactNode {
  const { error } = props;
  const person = personError(error);
  return (
    <div className="callout callout-error" role="alert" data-testid={props.testId ?? 'error'}>
      <div className="callout-body">
        {props.title ? <p className="callout-context">{props.title}</p> : null}
        <p className="callout-title" data-testid="error-title">
          {person.title}
        </p>
        <p className="callout-fix">
          <span className="callout-fix-label">What to do:</span> {person.fix}
        </p>
        <details className="callout-details" data-testid="error-details">
          <summary>Details</summary>
          <p>
            Code: <code className="error-code">{error.code}</code>
          </p>
          <p className="callout-details-label">
            {isToolErrorCode(error.code) ? 'What an AI app is told:' : 'The full message:'}
          </p>
          <pre className="callout-details-text">
            {[`ErrorCode: ${error.code}`, `Message: ${error.message}`, `Fix: ${error.fix}`].join(
              '\n',
            )}
          </pre>
        </details>
      </div>
      {props.onDismiss ? (
        <Button variant="ghost" size="sm" onClick={props.onDismiss} aria-label="Dismiss error">
          Dismiss
        </Button>
      ) : null}
    </div>
  );
}

// Codes an AI app can get from a tool (the rest are the app's own).
function isToolErrorCode(code: string): boolean {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/** A neutral or warning note. */
export function Callout(props: {
  tone: 'info' | 'warning' | 'success';
  title?: string;
  children: ReactNode;
  role?: 'status' | 'note';
}): ReactNode {
  return (
    <div className={`callout callout-${props.tone}`} role={props.role}>
      <div className="callout-body">
        {props.title ? <p className="callout-title">{props.title}</p> : null}
        {props.children}
      </div>
    </div>
  );
}

/** What to show when there is nothing yet, and what to do about it. */
export function EmptyState(props: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  testId?: string;
  /** The title's heading level: 3 inside a titled card (the default), 2 directly under a page. */
  level?: 2 | 3;
}): ReactNode {
  const Heading = props.level === 2 ? 'h2' : 'h3';
  return (
    <div className="empty" data-testid={props.testId}>
      {props.icon ? (
        <div className="empty-icon" aria-hidden="true">
          {props.icon}
        </div>
      ) : null}
      <Heading className="empty-title">{props.title}</Heading>
      <div className="empty-text">{props.children}</div>
      {props.action ? <div className="empty-action">{props.action}</div> : null}
    </div>
  );
}

/** A small label. */
export function Badge(props: {
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'accent';
  children: ReactNode;
  title?: string;
}): ReactNode {
  return (
    <span className={`badge badge-${props.tone ?? 'neutral'}`} title={props.title}>
      {props.children}
    </span>
  );
}

/** An on/off switch (a button with role="switch"); while busy it stays focusable. */
export function Switch(props: {
  checked: boolean;
  onChange(next: boolean): void;
  label: string;
  busy?: boolean;
  disabled?: boolean;
  testId?: string;
  describedBy?: string;
}): ReactNode {
  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={props.checked}
      aria-label={props.label}
      aria-busy={props.busy || undefined}
      aria-describedby={props.describedBy}
      // Busy keeps focus (aria-disabled, clicks ignored); only `disabled` takes it away.
      aria-disabled={props.busy || undefined}
      disabled={props.disabled}
      data-testid={props.testId}
      onClick={() => {
        if (!props.busy) props.onChange(!props.checked);
      }}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
    </button>
  );
}

/** The title block of a screen. */
export function PageHeader(props: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}): ReactNode {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title" tabIndex={-1} data-page-title>
          {props.title}
        </h1>
        {props.description ? <p className="page-description">{props.description}</p> : null}
      </div>
      {props.actions ? <div className="page-actions">{props.actions}</div> : null}
    </header>
  );
}

/** A titled card. */
export function Section(props: {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}): ReactNode {
  const id = useId();
  return (
    <section
      className={`card ${props.className ?? ''}`}
      aria-labelledby={props.title ? id : props.labelledBy}
    >
      {props.title || props.actions ? (
        <div className="card-header">
          <div>
            {props.title ? (
              <h2 className="card-title" id={id}>
                {props.title}
              </h2>
            ) : null}
            {props.description ? <p className="card-description">{props.description}</p> : null}
          </div>
          {props.actions ? <div className="card-actions">{props.actions}</div> : null}
        </div>
      ) : null}
      {props.children}
    </section>
  );
}

/** A modal confirmation built on <dialog> (focus is trapped and Escape cancels). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 className="dialog-title" id={titleId}>
        {props.title}
      </h2>
      <div className="dialog-body">{props.children}</div>
      <div className="dialog-actions">
        <Button onClick={props.onCancel} disabled={props.busy} autoFocus>
          Cancel
        </Button>
        <Button
          variant={props.danger ? 'danger' : 'primary'}
          busy={props.busy}
          busyLabel="Working…"
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

// Every icon is a 24×24 line drawing in the current text colour.
function lineIcon(children: ReactNode, size = 20, weight = 1.8): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** Inline icons (SVG, no external requests). */
export const Icon = {
  folder: lineIcon(
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  ),
  search: lineIcon(
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>,
  ),
  logic: lineIcon(
    <>
      <ellipse cx="12" cy="6" rx="7" ry="2.8" />
      <path d="M5 6v6c0 1.5 3.1 2.8 7 2.8s7-1.3 7-2.8V6M5 12v6c0 1.5 3.1 2.8 7 2.8s7-1.3 7-2.8v-6" />
    </>,
  ),
  server: lineIcon(
    <>
      <rect x="3.5" y="4" width="17" height="7" rx="2" />
      <rect x="3.5" y="13" width="17" height="7" rx="2" />
      <path d="M7.5 7.5h.01M7.5 16.5h.01" strokeWidth="2.6" />
    </>,
  ),
  plug: lineIcon(<path d="M9 3.5V8M15 3.5V8M6.5 8h11v3a5.5 5.5 0 0 1-11 0zM12 16.5v4" />),
  activity: lineIcon(<path d="M3 12h4l2.5-6 5 12 2.5-6h4" />),
  guide: lineIcon(
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m14.8 9.2-1.8 4.6-4.6 1.8 1.8-4.6z" />
    </>,
  ),
  pause: lineIcon(<path d="M9 6v12M15 6v12" />, 20, 2),
  shield: lineIcon(
    <>
      <path d="M12 3.5 5 6.2v5.3c0 4.3 2.9 7.6 7 9 4.1-1.4 7-4.7 7-9V6.2z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </>,
  ),
  check: lineIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />, 20, 2.2),
  warning: lineIcon(
    <>
      <path d="M12 4 2.8 19.5h18.4z" />
      <path d="M12 10v4.5M12 17h.01" />
    </>,
    16,
    2,
  ),
  file: lineIcon(
    <>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4" />
    </>,
    16,
  ),
  smallFolder: lineIcon(
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
    16,
  ),
};
