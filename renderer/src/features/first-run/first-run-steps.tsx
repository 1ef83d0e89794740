// The first run's steps other than Connect (first-run-connect.tsx): Welcome, Folders, Done.
import { lazy, Suspense } from 'react';
import type { ReactNode, Ref } from 'react';
import { Badge, Button } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { AddFolder } from '../folders/add-folder.js';
import { DoneApps } from './done-apps.js';
import './first-run.css';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';

/** What FolderGate does, in three lines; Get started or Skip setup. */
export function WelcomeStep(props: {
  headingRef: Ref<HTMLHeadingElement>;
  embedded: boolean;
  finishing: boolean;
  onSkip(): void;
  onStart(): void;
}): ReactNode {
  const { headingRef } = props;
  const t = useT();
  return (
    <div className="wizard-body">
      <h1 className="wizard-title" ref={headingRef} tabIndex={-1}>
        {t('firstRun.welcome.title')}
      </h1>
      <p className="wizard-lead">{t('firstRun.welcome.lead')}</p>
      <ul className="feature-list">
        <li>
          <span className="icon-tile feature-icon" aria-hidden="true">
            {Icon.folder}
          </span>
          <div>
            <Trans i18nKey="firstRun.welcome.choose" components={[<strong key="s" />]} />
          </div>
        </li>
        <li>
          <span className="icon-tile feature-icon" aria-hidden="true">
            {Icon.search}
          </span>
          <div>
            <Trans i18nKey="firstRun.welcome.dates" components={[<strong key="s" />]} />
          </div>
        </li>
        <li>
          <span className="icon-tile feature-icon" aria-hidden="true">
            {Icon.pause}
          </span>
          <div>
            <Trans i18nKey="firstRun.welcome.pause" components={[<strong key="s" />]} />
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
            {props.finishing ? t('firstRun.welcome.skipping') : t('firstRun.welcome.skip')}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="primary" onClick={props.onStart} data-testid="first-run-start">
          {t('firstRun.welcome.start')}
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
  const t = useT();
  return (
    <div className="wizard-body">
      <h1 className="wizard-title" ref={headingRef} tabIndex={-1}>
        {t('firstRun.folders.title')}
      </h1>
      <p className="wizard-lead">{t('firstRun.folders.lead')}</p>
      <AddFolder compact />
      {count > 0 ? (
        <div className="wizard-roots">
          <h2 className="subheading">{t('firstRun.folders.soFar')}</h2>
          <ul className="mini-root-list" data-testid="first-run-roots">
            {roots?.map((root) => (
              <li key={root.path}>
                <span className="mini-root-icon" aria-hidden="true">
                  {Icon.smallFolder}
                </span>
                <span className="mini-root-name">{root.name}</span>
                <code className="path mini-root-path">{root.path}</code>
                {root.isDefault ? (
                  <Badge tone="accent">{t('firstRun.folders.default')}</Badge>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="field-hint" data-testid="first-run-default-note">
            <Trans i18nKey="firstRun.folders.defaultNote" components={[<strong key="s" />]} />
          </p>
        </div>
      ) : null}
      <div className="wizard-actions">
        <Button variant="ghost" onClick={props.onBack}>
          {t('firstRun.back')}
        </Button>
        {count > 0 ? (
          <Button variant="primary" onClick={props.onNext} data-testid="first-run-continue">
            {t('firstRun.continue')}
          </Button>
        ) : (
          <button
            type="button"
            className="link-button"
            onClick={props.onNext}
            data-testid="first-run-continue"
          >
            {t('firstRun.folders.withoutFolders')}
          </button>
        )}
      </div>
    </div>
  );
}

// The introduction to "Ask me first" comes with its words, fetched when Done shows.
const FirstRunAsk = lazy(() => import('./first-run-ask.js'));

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
  const t = useT();
  return (
    <div className="wizard-body">
      <div className="done-icon" aria-hidden="true">
        {Icon.check}
      </div>
      <h1 className="wizard-title" ref={headingRef} tabIndex={-1}>
        {t('firstRun.done.title')}
      </h1>
      <p className="wizard-lead">
        {count > 0 ? t('firstRun.done.lead', { count }) : t('firstRun.done.noFolders')}
      </p>
      <ul className="next-list">
        {connected.length > 0 ? (
          <DoneApps connected={connected} />
        ) : (
          <li data-testid="first-run-done-apps">
            <Trans i18nKey="firstRun.done.connectLater" components={[<strong key="apps" />]} />
          </li>
        )}
        <li>
          <Trans i18nKey="firstRun.done.tryPreview" components={[<strong key="s" />]} />
        </li>
        <li>
          <Trans i18nKey="firstRun.done.pause" components={[<strong key="s" />]} />
        </li>
      </ul>
      <Suspense fallback={null}>
        <FirstRunAsk />
      </Suspense>
      <div className="wizard-actions">
        <Button variant="ghost" onClick={props.onBack}>
          {t('firstRun.back')}
        </Button>
        {/* Never disabled while it works: a disabled button would drop the keyboard focus
                  to the page before the first screen's title takes it. */}
        <Button
          variant="primary"
          onClick={props.onFinish}
          aria-busy={props.finishing || undefined}
          data-testid="first-run-finish"
        >
          {props.finishing
            ? t('firstRun.done.finishing')
            : props.embedded
              ? t('firstRun.done.finish')
              : t('firstRun.done.open')}
        </Button>
      </div>
    </div>
  );
}
