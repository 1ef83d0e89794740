// First run: a short guided start — welcome, choose the folders AI may search, connect an AI
// app, done.
// Finishing (or skipping) calls settings:completeFirstRun.
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorCallout } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { DoneStep, FoldersStep, WelcomeStep } from './first-run-steps.js';
import { ConnectStep } from './first-run-connect.js';
import './first-run.css';

type Step = 'welcome' | 'folders' | 'connect' | 'done';

const STEPS: { id: Step; label: string }[] = [
  { id: 'welcome', label: 'Welcome' },
  { id: 'folders', label: 'Choose folders' },
  { id: 'connect', label: 'Connect an AI app' },
  { id: 'done', label: 'Done' },
];

/** The guided start; `embedded` when opened again from the sidebar. */
export function FirstRunScreen(props: { embedded?: boolean; onFinished(): void }): ReactNode {
  const { bridge, setView } = useApp();
  const [step, setStep] = useState<Step>('welcome');
  const [connected, setConnected] = useState<string[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
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
      setView(result);
      props.onFinished();
    }
  };

  const index = STEPS.findIndex((s) => s.id === step);

  return (
    <div className={props.embedded ? 'wizard wizard-embedded' : 'wizard'} data-testid="first-run">
      {!props.embedded ? (
        <div className="wizard-brand">
          <img src="./favicon.svg" alt="" width="28" height="28" />
          <span>FolderGate</span>
        </div>
      ) : null}
      <div className="wizard-card">
        <ol className="steps" aria-label="Setup steps">
          {STEPS.map((s, i) => (
            <li
              key={s.id}
              className={`step ${i < index ? 'step-done' : ''}`}
              aria-current={s.id === step ? 'step' : undefined}
            >
              <span className="step-number" aria-hidden="true">
                {i < index ? Icon.check : i + 1}
              </span>
              <span className="step-label">{s.label}</span>
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
            title="Could not finish setup"
            onDismiss={complete.clearError}
          />
        ) : null}
      </div>
    </div>
  );
}
