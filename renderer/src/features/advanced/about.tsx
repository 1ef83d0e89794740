// Advanced › About: what FolderGate is, its data folder, whether new folders are read the fast
// way, what it never does with your files, answers to the usual questions, how to remove it, and
// the open-source parts inside it.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { Button, ErrorCallout, Section } from '../../ui/ui.js';
import type { IpcError } from '#shared/contract/ipc.js';
import { useEngineStatus } from '../folders/search-readiness.js';
import { FastFirstRead } from './fast-first-read.js';
import { Updates } from './updates.js';
import { BUNDLED_PACKAGES } from './licences.js';
import './advanced.css';
import { useT } from '../../ui/i18n.js';

/** The About tab (the start-at-login switch is added by the Advanced screen). */
export function About(): ReactNode {
  const { info, view } = useApp();
  const engine = useEngineStatus();
  const t = useT();
  return (
    <>
      <Section title={t('about.title')}>
        <p>{t('about.lead')}</p>
        <dl className="meta meta-grid">
          <div>
            <dt>{t('about.version')}</dt>
            <dd data-testid="about-version">{info.version}</dd>
          </div>
          <div>
            <dt>{t('about.settingsFile')}</dt>
            <dd>
              <code className="path">{view.file}</code>
            </dd>
          </div>
          <FastFirstRead status={engine} instantSearch={view.settings.instantSearch} />
        </dl>
        <DataFolder />
      </Section>
      <Updates />
      <Section title={t('about.privacyTitle')} className="about-privacy">
        <ul className="about-list" data-testid="about-privacy">
          <li>{t('about.privacy.internet')}</li>
          <li>{t('about.privacy.contents')}</li>
          <li>{t('about.privacy.talks')}</li>
          <li>{t('about.privacy.local')}</li>
        </ul>
      </Section>
      <Section title={t('about.helpTitle')}>
        <dl className="about-help">
          <dt>{t('about.help.notSeenQ')}</dt>
          <dd>{t('about.help.notSeenA')}</dd>
          <dt>{t('about.help.pausedQ')}</dt>
          <dd>{t('about.help.pausedA')}</dd>
          <dt>{t('about.help.missingQ')}</dt>
          <dd>{t('about.help.missingA')}</dd>
        </dl>
      </Section>
      <Section title={t('about.removeTitle')}>
        <ol className="about-list" data-testid="about-uninstall">
          <li>{t('about.remove.disconnect')}</li>
          <li>{t('about.remove.quit')}</li>
          <li>{t('about.remove.uninstall')}</li>
          <li>{t('about.remove.data')}</li>
        </ol>
      </Section>
      <Section title={t('about.licencesTitle')}>
        <p className="muted">{t('about.licencesLead')}</p>
        <table className="table table-compact about-licences" data-testid="about-licences">
          <thead>
            <tr>
              <th scope="col">{t('about.part')}</th>
              <th scope="col">{t('about.licence')}</th>
              <th scope="col">{t('about.usedFor')}</th>
            </tr>
          </thead>
          <tbody>
            {BUNDLED_PACKAGES.map((p) => (
              <tr key={p.name}>
                <td>
                  <code>{p.name}</code>
                </td>
                {/* A licence's SPDX name is English in every language (Apache-2.0, MIT). */}
                <td lang="en">{p.licence}</td>
                <td>{t(`about.roles.${p.role}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}

/** The data folder: opened in the file manager (desktop app) or its path to copy (browser). */
function DataFolder(): ReactNode {
  const { bridge, info } = useApp();
  const [error, setError] = useState<IpcError | null>(null);
  const [copied, setCopied] = useState(false);
  const t = useT();
  const open = async (): Promise<void> => {
    setError(null);
    try {
      await bridge.invoke('app:openDataFolder', {});
    } catch (caught) {
      setError(toIpcError(caught));
    }
  };
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(info.appDataDir);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="about-data">
      <p>
        {t('about.dataFolder')}{' '}
        <code className="path" data-testid="about-data-folder">
          {info.appDataDir}
        </code>
      </p>
      {info.features.openFolder ? (
        <Button size="sm" onClick={() => void open()} data-testid="open-data-folder">
          {t('about.openData')}
        </Button>
      ) : (
        <Button size="sm" onClick={() => void copy()} data-testid="copy-data-folder">
          {copied ? t('about.copied') : t('about.copy')}
        </Button>
      )}
      {error ? <ErrorCallout error={error} onDismiss={() => setError(null)} /> : null}
    </div>
  );
}
