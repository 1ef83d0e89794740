// The first run's steps other than Connect (first-run-connect.tsx): Welcome, Folders, Done.
import type { ReactNode, Ref } from 'react';
import { Badge, Button } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { plural } from '../../ui/format.js';
import { useApp } from '../../app/app-state.js';
import { AddFolder } from '../folders/add-folder.js';
import './first-run.css';

/** What FolderGate does, in three lines; Get started or Skip setup. */
export function WelcomeStep(props: {
  headingRef: Ref<HTMLHeadingElement>;
  embedded: boolean;
  finishing: boolean;
  onSkip(): void;
  onStart(): void;
}): ReactNode {
  const { headingRef } = props;
  return (
    <div className="wizard-body">
      <h1 className="wizard-title" ref={headingRef} tabIndex={-1}>
        Welcome to FolderGate
      </h1>
      <p className="wizard-lead">
        FolderGate lets the AI apps on this computer find your files by date — only in the folders
        you choose.
      </p>
      <ul className="feature-list">
        <li>
          <span className="icon-tile feature-icon" aria-hidden="true">
            {Icon.folder}
          </span>
          <div>
            <strong>You choose the folders.</strong> Everything else on this computer stays out of
            reach.
          </div>
        </li>
        <li>
          <span className="icon-tile feature-icon" aria-hidden="true">
            {Icon.search}
          </span>
          <div>
            <strong>Names, sizes and dates only.</strong> AI apps can find files by when they were
            changed or created; they cannot open or change them through FolderGate.
          </div>
        </li>
        <li>
          <span className="icon-tile feature-icon" aria-hidden="true">
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
            onClick={props.onSkip}
            aria-busy={props.finishing || undefined}
            data-testid="first-run-skip"
          >
            {props.finishing ? 'Skipping…' : 'Skip setup'}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="primary" onClick={props.onStart} data-testid="first-run-start">
          Get started
        </Button>
      </div>
    </div>
  );
}

/** Choose folders: the add-folder form and the folders allowed so far. */
export function FoldersStep(props: {
  headingRef: Ref<HTMLHeadingElement>;
  onBack(): void;
  onNext(): void;
}): ReactNode {
  const { headingRef } = props;
  const { roots } = useApp();
  const count = roots?.length ?? 0;
  return (
    <div className="wizard-body">
      <h1 className="wizard-title" ref={headingRef} tabIndex={-1}>
        Choose the folders AI may search
      </h1>
      <p className="wizard-lead">
        Pick folders you are happy for AI apps to look through, like Documents or a project folder.
        You can change this later.
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
        <Button variant="ghost" onClick={props.onBack}>
          Back
        </Button>
        {count > 0 ? (
          <Button variant="primary" onClick={props.onNext} data-testid="first-run-continue">
            Continue
          </Button>
        ) : (
          <button
            type="button"
            className="link-button"
            onClick={props.onNext}
            data-testid="first-run-continue"
          >
            Continue without folders
          </button>
        )}
      </div>
    </div>
  );
}

/** Done: what is allowed now, what to do next, and Open FolderGate. */
export function DoneStep(props: {
  headingRef: Ref<HTMLHeadingElement>;
  connected: string[];
  embedded: boolean;
  finishing: boolean;
  onBack(): void;
  onFinish(): void;
}): ReactNode {
  const { headingRef, connected } = props;
  const { roots } = useApp();
  const count = roots?.length ?? 0;
  return (
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
              Connected: <strong>{connected.join(', ')}</strong>. If it is open, restart it so it
              notices FolderGate (the <strong>AI apps</strong> screen says how), then ask it{' '}
              <q>find my PDFs from last week</q>. Each request it makes shows in{' '}
              <strong>Activity</strong>, and the AI apps screen says when it was last used.
            </>
          ) : (
            <>
              Connect an AI app any time on the <strong>AI apps</strong> screen.
            </>
          )}
        </li>
        <li>
          Try a search yourself in <strong>Search preview</strong> — you see exactly what an AI app
          would get.
        </li>
        <li>
          Use <strong>Pause AI access</strong> in the sidebar whenever you want AI apps to stop
          searching.
        </li>
      </ul>
      <div className="wizard-actions">
        <Button variant="ghost" onClick={props.onBack}>
          Back
        </Button>
        {/* Never disabled while it works: a disabled button would drop the keyboard focus
                  to the page before the first screen's title takes it. */}
        <Button
          variant="primary"
          onClick={props.onFinish}
          aria-busy={props.finishing || undefined}
          data-testid="first-run-finish"
        >
          {props.finishing ? 'Finishing…' : props.embedded ? 'Finish' : 'Open FolderGate'}
        </Button>
      </div>
    </div>
  );
}
