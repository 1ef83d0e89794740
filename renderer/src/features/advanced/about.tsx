// Advanced › About: what FolderGate is, its data folder, what it never does with your files,
// answers to the usual questions, how to remove it, and the open-source parts inside it.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { Button, ErrorCallout, Section } from '../../ui/ui.js';
import type { IpcError } from '#shared/contract/ipc.js';
import { BUNDLED_PACKAGES } from './licences.js';
import './advanced.css';

/** The About tab (the start-at-login switch is added by the Advanced screen). */
export function About(): ReactNode {
  const { info, view } = useApp();
  return (
    <>
      <Section title="About FolderGate">
        <p>
          FolderGate lets the AI apps on this computer find your files by date, only in the folders
          you choose, and shows you every request they make.
        </p>
        <dl className="meta meta-grid">
          <div>
            <dt>Version</dt>
            <dd data-testid="about-version">{info.version}</dd>
          </div>
          <div>
            <dt>Settings file</dt>
            <dd>
              <code className="path">{view.file}</code>
            </dd>
          </div>
        </dl>
        <DataFolder />
      </Section>
      <Section title="Your privacy" className="about-privacy">
        <ul className="about-list" data-testid="about-privacy">
          <li>
            FolderGate never sends your files, their names or anything about them to the internet.
            It has no account, no analytics and no updates that call home.
          </li>
          <li>
            It never opens a file to read what is inside: AI apps get names, sizes and dates only,
            and only from the folders you allowed.
          </li>
          <li>
            It talks only to the AI apps on this computer that you connected, and to this window.
          </li>
          <li>
            Its settings and the activity log stay in its data folder on this computer; you choose
            how long the log is kept (Activity › Settings).
          </li>
        </ul>
      </Section>
      <Section title="Help">
        <dl className="about-help">
          <dt>My AI app does not see FolderGate</dt>
          <dd>
            Open AI apps, check it says Connected, then quit the AI app completely and open it
            again.
          </dd>
          <dt>The AI says access is paused</dt>
          <dd>
            Turn off “Pause AI access” at the bottom of the sidebar, or select Resume in the banner.
          </dd>
          <dt>A folder shows Missing</dt>
          <dd>
            Connect the drive it is on again, or remove it on the Folders screen and add the right
            one.
          </dd>
        </dl>
      </Section>
      <Section title="Remove FolderGate">
        <ol className="about-list" data-testid="about-uninstall">
          <li>
            On the AI apps screen, select Disconnect for each connected app (their settings files
            are put back without FolderGate).
          </li>
          <li>Quit FolderGate from its tray menu.</li>
          <li>
            Remove the app as you remove others: Settings › Apps on Windows, drag it to the Trash on
            a Mac, your package manager on Linux.
          </li>
          <li>
            To remove your settings and the activity log as well, delete the data folder above.
          </li>
        </ol>
      </Section>
      <Section title="Licences">
        <p className="muted">FolderGate is built with these open-source parts:</p>
        <table className="table table-compact" data-testid="about-licences">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Licence</th>
              <th scope="col">Used for</th>
            </tr>
          </thead>
          <tbody>
            {BUNDLED_PACKAGES.map((p) => (
              <tr key={p.name}>
                <td>
                  <code>{p.name}</code>
                </td>
                <td>{p.licence}</td>
                <td>{p.role}</td>
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
        Data folder:{' '}
        <code className="path" data-testid="about-data-folder">
          {info.appDataDir}
        </code>
      </p>
      {info.features.openFolder ? (
        <Button size="sm" onClick={() => void open()} data-testid="open-data-folder">
          Open data folder
        </Button>
      ) : (
        <Button size="sm" onClick={() => void copy()} data-testid="copy-data-folder">
          {copied ? 'Copied' : 'Copy path'}
        </Button>
      )}
      {error ? <ErrorCallout error={error} onDismiss={() => setError(null)} /> : null}
    </div>
  );
}
