// "What AI saw" on the Activity screen: every file FolderGate showed to an AI app today or in the
// last 7 days, one list per app, each file with the folder it is in, how often and when it was
// shown. Live: a new answer that showed files refreshes it.
import '../../app/later-words.js';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { clientDisplayName } from '#shared/activity/activity-describe.js';
import type { SeenApp, SeenFile } from '#shared/contract/activity-seen-ipc.js';
import { useApp } from '../../app/app-state.js';
import { EmptyState, ErrorCallout, Section, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { formatLocal } from '../../ui/format.js';
import { Trans, useT } from '../../ui/i18n.js';
import { useSeen, type SeenPeriod } from './use-seen.js';
import './what-ai-saw.css';

const PERIODS: SeenPeriod[] = ['today', 'last7'];

/** The "What AI saw" card. */
export function WhatAiSaw(): ReactNode {
  const { bridge } = useApp();
  const t = useT();
  const [period, setPeriod] = useState<SeenPeriod>('today');
  const { seen, error } = useSeen(bridge, period);
  const name = useId();
  const total = seen?.apps.reduce((n, app) => n + app.filesTotal, 0) ?? 0;
  const periodPicker = (
    <fieldset className="fieldset seen-period">
      <legend className="visually-hidden">{t('activitySeen.period')}</legend>
      <div className="segmented">
        {PERIODS.map((p) => (
          <label key={p} className="segmented-option">
            <input
              type="radio"
              name={name}
              value={p}
              checked={period === p}
              onChange={() => setPeriod(p)}
              data-testid={`seen-period-${p}`}
            />
            <span>{t(p === 'today' ? 'activitySeen.today' : 'activitySeen.week')}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
  return (
    <Section
      title={t('activitySeen.title')}
      description={t('activitySeen.description')}
      className="seen-card"
    >
      {periodPicker}
      <p className="visually-hidden" role="status" aria-live="polite">
        {seen ? t('activitySeen.status', { count: total }) : ''}
      </p>
      {error ? (
        <ErrorCallout error={error} title={t('activitySeen.readFailed')} />
      ) : !seen ? (
        <p className="muted inline-status" data-testid="seen-loading">
          <Spinner /> {t('activitySeen.loading')}
        </p>
      ) : seen.apps.length === 0 ? (
        <EmptyState
          title={t(period === 'today' ? 'activitySeen.emptyToday' : 'activitySeen.emptyWeek')}
          icon={Icon.search}
          testId="seen-empty"
        >
          {t('activitySeen.emptyBody')}
        </EmptyState>
      ) : (
        <div className="seen-apps" data-testid="seen-apps">
          {seen.apps.map((app) => (
            <SeenAppFiles key={JSON.stringify(app.client)} app={app} />
          ))}
        </div>
      )}
    </Section>
  );
}

function SeenAppFiles({ app }: { app: SeenApp }): ReactNode {
  const t = useT();
  const id = useId();
  const appName = clientDisplayName(app.client);
  const more = app.filesTotal - app.files.length;
  return (
    <section className="seen-app" aria-labelledby={id} data-testid="seen-app">
      <h3 className="seen-app-name" id={id}>
        {appName}{' '}
        <span className="seen-app-counts muted">
          {t('activitySeen.files', { count: app.filesTotal })} ·{' '}
          {t('activitySeen.searches', { count: app.calls })}
        </span>
      </h3>
      <ul className="seen-files" aria-label={t('activitySeen.listLabel', { app: appName })}>
        {app.files.map((file) => (
          <SeenFileRow key={`${file.root}/${file.path}`} file={file} />
        ))}
      </ul>
      {more > 0 || app.unlisted > 0 ? (
        <p className="muted seen-more">
          {more > 0 ? t('activitySeen.moreFiles', { count: more }) : null}
          {more > 0 && app.unlisted > 0 ? ' ' : null}
          {app.unlisted > 0 ? t('activitySeen.unlisted', { count: app.unlisted }) : null}
        </p>
      ) : null}
    </section>
  );
}

function SeenFileRow({ file }: { file: SeenFile }): ReactNode {
  const t = useT();
  const slash = file.path.lastIndexOf('/');
  const fileName = file.path.slice(slash + 1);
  return (
    <li className="seen-file" data-testid="seen-file">
      <span className="seen-file-name path-name">{fileName}</span>
      <span className="visually-hidden">. </span>
      <span className="seen-file-folder muted">
        <Trans
          i18nKey={file.folder !== null ? 'activitySeen.inFolder' : 'activitySeen.inGoneFolder'}
          values={{ folder: file.folder, root: file.root }}
          components={[<span key="where" className="path-folder" />]}
        />
      </span>
      <span className="visually-hidden">. </span>
      <span className="seen-file-times muted">
        {t('activitySeen.times', { count: file.times, time: formatLocal(file.lastShown) })}
      </span>
    </li>
  );
}
