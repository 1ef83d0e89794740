// First run: a short guided start — welcome, choose the folders AI may search, connect an AI
// app, done.
// Finishing (or skipping) calls settings:completeFirstRun.
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { AddFolder } from '../folders/add-folder.js';
import { Badge, Button, ErrorCallout, Icon } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { plural } from '../../ui/format.js';
import { useAction } from '../../app/use-action.js';
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
  const { bridge, roots, setView } = useApp();
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
  const count = roots?.length ?? 0;

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
          <div className="wizard-body">
            <h1 className="wizard-title" ref={headingRef} tabIndex={-1}>
              Welcome to FolderGate
            </h1>
            <p className="wizard-lead">
              FolderGate lets the AI apps on this computer find your files by date — only in the
              folders you choose.
            </p>
            <ul className="feature-list">
              <li>
                <span className="feature-icon" aria-hidden="true">
                  {Icon.folder}
                </span>
                <div>
                  <strong>You choose the folders.</strong> Everything else on this computer stays
                  out of reach.
                </div>
              </li>
              <li>
                <span className="feature-icon" aria-hidden="true">
                  {Icon.search}
                </span>
                <div>
                  <strong>Names, sizes and dates only.</strong> AI apps can find files by when they
                  were changed or created; they cannot open or change them through FolderGate.
                </div>
              </li>
              <li>
                <span className="feature-icon" aria-hidden="true">
                  {Icon.pause}
                </span>
                <div>
                  <strong>Pause at any time.</strong> One switch stops every AI app from searching.
                </div>
              </li>
            </ul>
            <div className="wizard-actions">
              {!props.embedded ? (
                <Button
                  variant="ghost"
                  onClick={() => void finish()}
                  aria-busy={complete.busy || undefined}
                  data-testid="first-run-skip"
                >
                  {complete.busy ? 'Skipping…' : 'Skip setup'}
                </Button>
              ) : (
                <span />
              )}
              <Button
                variant="primary"
                onClick={() => setStep('folders')}
                data-testid="first-run-start"
              >
                Get started
              </Button>
            </div>
          </div>
        ) : null}

        {step === 'folders' ? (
          <div className="wizard-body">
            <h1 className="wizard-title" ref={headingRef} tabIndex={-1}>
              Choose the folders AI may search
            </h1>
            <p className="wizard-lead">
              Pick folders you are happy for AI apps to look through, like Documents or a project
              folder. You can change this later.
            </p>
            <AddFolder compact />
            {count > 0 ? (
              <div className="wizard-roots">
                <h2 className="subheading">Allowed so far</h2>
                <ul className="mini-root-list" data-testid="first-run-roots">
                  {roots?.map((root) => (
                    <li key={root.path}>
                      <span className="mini-root-icon" aria-hidden="true">
                        {Icon.smallFolder}
                      </span>
                      <span className="mini-root-name">{root.name}</span>
                      <code className="path mini-root-path">{root.path}</code>
                      {root.isDefault ? <Badge tone="accent">Default</Badge> : null}
                    </li>
                  ))}
                </ul>
                <p className="field-hint" data-testid="first-run-default-note">
                  The <strong>Default</strong> folder is where AI apps search when they don’t name a
                  folder.
                </p>
              </div>
            ) : null}
            <div className="wizard-actions">
              <Button variant="ghost" onClick={() => setStep('welcome')}>
                Back
              </Button>
              {count > 0 ? (
                <Button
                  variant="primary"
                  onClick={() => setStep('connect')}
                  data-testid="first-run-continue"
                >
                  Continue
                </Button>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setStep('connect')}
                  data-testid="first-run-continue"
                >
                  Continue without folders
                </button>
              )}
            </div>
          </div>
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
          <div className="wizard-body">
            <div className="done-icon" aria-hidden="true">
              {Icon.check}
            </div>
            <h1 className="wizard-title" ref={headingRef} tabIndex={-1}>
              You’re all set
            </h1>
            <p className="wizard-lead">
              {count > 0
                ? `AI apps may now search ${plural(count, 'folder')}.`
                : 'No folders are allowed yet, so AI apps cannot search anything. Add folders any time on the Folders screen.'}
            </p>
            <ul className="next-list">
              <li data-testid="first-run-done-apps">
                {connected.length > 0 ? (
                  <>
                    Connected: <strong>{connected.join(', ')}</strong>. If it is open, restart it so
                    it notices FolderGate (the <strong>AI apps</strong> screen says how).
                  </>
                ) : (
                  <>
                    Connect an AI app any time on the <strong>AI apps</strong> screen.
                  </>
                )}
              </li>
              <li>
                Try a search yourself in <strong>Search preview</strong> — you see exactly what an
                AI app would get.
              </li>
              <li>
                Use <strong>Pause AI access</strong> in the sidebar whenever you want AI apps to
                stop searching.
              </li>
            </ul>
            <div className="wizard-actions">
              <Button variant="ghost" onClick={() => setStep('connect')}>
                Back
              </Button>
              {/* Never disabled while it works: a disabled button would drop the keyboard focus
                  to the page before the first screen's title takes it. */}
              <Button
                variant="primary"
                onClick={() => void finish()}
                aria-busy={complete.busy || undefined}
                data-testid="first-run-finish"
              >
                {complete.busy ? 'Finishing…' : props.embedded ? 'Finish' : 'Open FolderGate'}
              </Button>
            </div>
          </div>
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
