// On an AI app's card: the folders it may search now ("All folders", "Work and Pictures", "None"),
// read from the same rule every server applies (shared/settings/folder-access-rules.ts), with a
// way to change them on the Folders screen, where each folder says who may search it.
import type { ReactNode } from 'react';
import { foldersFor, hasEnded } from '#shared/settings/folder-access-rules.js';
import { joinNames } from '#shared/i18n/file-types-words.js';
import type { ClientState } from '#shared/clients/clients.js';
import { useApp } from '../../app/app-state.js';
import { Button } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';
import './ai-apps.css';

/** The line of `client`'s folders, and Change in Folders when the screen can go there. */
export function AppFolders(props: { client: ClientState; onGoToFolders?: () => void }): ReactNode {
  const { view } = useApp();
  const t = useT();
  const now = Date.now();
  const { roots } = view.settings;
  const mine = foldersFor(view.settings, props.client.id, now).roots;
  const open = roots.filter((r) => !hasEnded(r, now));
  const words =
    mine.length === 0
      ? t('folderAccess.noFolder')
      : mine.length === open.length
        ? t('folderAccess.allFolders')
        : joinNames(mine.map((r) => r.name));
  if (roots.length === 0) return null;
  return (
    <p className="client-folders" data-testid="client-folders">
      <span className="muted">{t('folderAccess.mayLine')}</span>
      <span data-testid="client-folders-names">{words}</span>
      {props.onGoToFolders ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={props.onGoToFolders}
          aria-label={t('folderAccess.changeFoldersLabel', { app: props.client.name })}
          data-testid="client-folders-change"
        >
          {t('folderAccess.changeFolders')}
        </Button>
      ) : null}
    </p>
  );
}
