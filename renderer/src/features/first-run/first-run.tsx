// First run: a short guided start — welcome, choose the folders AI may search, connect an AI
// app, done.
// Finishing (or skipping) calls settings:completeFirstRun.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorCallout } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { DoneStep, FoldersStep, WelcomeStep } from './first-run-steps.js';
import { ConnectStep } from './first-run-connect.js';
import './first-run.css';
import { useT } from '../../ui/i18n.js';
import { APP_NAME } from '#shared/i18n/languages.js';

type Step = 'welcome' | 'folders' | 'connect' | 'done';

const STEPS: Step[] = ['welcome', 'folders', 'connect', 'done'];

/** Where the guided start is, kept for this window's session: a reload comes back to it. */
const PLACE_KEY = 'foldergate.firstRun';

function keptPlace(): { step: Step; connected: string[] } {
  try {
    const kept = JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? 'null') as {
      step?: unknown;
      connected?: unknown;
    } | null;
    const step = STEPS.find((s) => s === kept?.step) ?? 'welcome';
    const connected = Array.isArray(kept?.connected)
      ? kept.connected.filter((name): name is string => typeof name === 'string')
      : [];
    return { step, connected };
  } catch {
    return { step: 'welcome', connected: [] };
  }
}

function keepPlace(place: { step: Step; connected: string[] } | null): void {
  try {
    if (place === null) sessionStorage.removeItem(PLACE_KEY);
    else sessionStorage.setItem(PLACE_KEY, JSON.stringify(place));
  } catch {
    // No session storage (a locked-down browser): a reload starts at Welcome, as before.
  }
}

/** The guided start; `embedded` when opened again from the sidebar. */
export function FirstRunScreen(props: { embedded?: boolean; onFinished(): void }): ReactNode {
  const { bridge, setView } = useApp();
  // The first run proper comes back to its step after a reload; opened again from the sidebar,
  // it starts at Welcome.
  const [kept] = useState(() =>
    props.embedded ? { step: 'welcome' as Step, connected: [] } : keptPlace(),
  );
  const [step, setStep] = useState<Step>(kept.step);
  const [connected, setConnected] = useState<string[]>(kept.connected);
  useEffect(() => {
    if (!props.embedded) keepPlace({ step, connected });
  }, [props.embedded, step, connected]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = useT();
  const first = useRef(true);
  const complete = useAction(() => bridge.invoke('settings:completeFirstRun', {}));

  // In the same task as the step change, so focus is never left on <body> in between.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const finish = async (): Promise<void> => {
    // A second press while the first is on its way changes nothing.
    if (complete.busy) return;
    const result = await complete.run();
    if (result) {
      keepPlace(null);
      setView(result);
      props.onFinished();
    }
  };

  const index = STEPS.indexOf(step);

  return (
    <div className={props.embedded ? 'wizard wizard-embedded' : 'wizard'} data-testid="first-run">
      {!props.embedded ? (
        <div className="wizard-brand">
          <img src="./favicon.svg" alt="" width="28" height="28" />
          <span>{APP_NAME}</span>
        </div>
      ) : null}
      <div className="wizard-card">
        <ol className="steps" aria-label={t('firstRun.steps.label')}>
          {STEPS.map((s, i) => (
            <li
              key={s}
              className={`step ${i < index ? 'step-done' : ''}`}
              aria-current={s === step ? 'step' : undefined}
            >
              <span className="step-number" aria-hidden="true">
                {i < index ? Icon.check : i + 1}
              </span>
              <span className="step-label">{t(`firstRun.steps.${s}`)}</span>
            </li>
          ))}
        </ol>

        {step === 'welcome' ? (
          <WelcomeStep
            headingRef={headingRef}
            embedded={props.embedded === true}
            finishing={complete.busy}
            onSkip={() => void finish()}
            onStart={() => setStep('folders')}
          />
        ) : null}

        {step === 'folders' ? (
          <FoldersStep
            headingRef={headingRef}
            onBack={() => setStep('welcome')}
            onNext={() => setStep('connect')}
          />
        ) : null}

        {step === 'connect' ? (
          <ConnectStep
            headingRef={headingRef}
            onBack={() => setStep('folders')}
            onNext={(names) => {
              setConnected(names);
              setStep('done');
            }}
          />
        ) : null}

        {step === 'done' ? (
          <DoneStep
            headingRef={headingRef}
            connected={connected}
            embedded={props.embedded === true}
            finishing={complete.busy}
            onBack={() => setStep('connect')}
            onFinish={() => void finish()}
          />
        ) : null}
        {complete.error ? (
          <ErrorCallout
            error={complete.error}
            title={t('firstRun.finishFailed')}
            onDismiss={complete.clearError}
          />
        ) : null}
      </div>
    </div>
  );
}
