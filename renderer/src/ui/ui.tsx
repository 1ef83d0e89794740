// Small building blocks of the design system (styles in styles.css; the error callout's Details
// in search.css).
import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ERROR_CODES } from '#shared/errors/errors.js';
import type { IpcErrorPayload } from '#shared/contract/ipc.js';
import { personError } from '#shared/errors/person-errors.js';
import './ui.css';
import { useT } from './i18n.js';

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
  const t = useT();
  const person = personError(error);
  return (
    <div className="callout callout-error" role="alert" data-testid={props.testId ?? 'error'}>
      <div className="callout-body">
        {props.title ? <p className="callout-context">{props.title}</p> : null}
        <p className="callout-title" data-testid="error-title">
          {person.title}
        </p>
        <p className="callout-fix">
          <span className="callout-fix-label">{t('common.error.whatToDo')}</span> {person.fix}
        </p>
        <details className="callout-details" data-testid="error-details">
          <summary>{t('common.error.details')}</summary>
          <p>
            {t('common.error.codeLabel')} <code className="error-code">{error.code}</code>
          </p>
          <p className="callout-details-label">
            {isToolErrorCode(error.code)
              ? t('common.error.aiIsTold')
              : t('common.error.fullMessage')}
          </p>
          <pre className="callout-details-text">
            {[`ErrorCode: ${error.code}`, `Message: ${error.message}`, `Fix: ${error.fix}`].join(
              '\n',
            )}
          </pre>
        </details>
      </div>
      {props.onDismiss ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={props.onDismiss}
          aria-label={t('common.error.dismissLabel')}
        >
          {t('common.dismiss')}
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
