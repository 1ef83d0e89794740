// The Search preview's "Search as": All apps (every folder allowed now), or one AI app, to see
// exactly what that app would find (its folders only: shared/settings/folder-access-rules.ts;
// the preview server answers as it, main/core/preview/).
import { useId } from 'react';
import type { ReactNode } from 'react';
import { CLIENT_IDS } from '#shared/clients/client-ids.js';
import { ANY_APP, foldersFor } from '#shared/settings/folder-access-rules.js';
import { appName } from '#shared/i18n/folder-access-words.js';
import type { RootView } from '#shared/contract/ipc.js';
import type { Settings } from '#shared/settings/settings.js';
import { useT } from '../../ui/i18n.js';

/** The folders `searchAs` (null: every app) may search now, of those the Folders screen lists. */
export function rootsFor(
  roots: RootView[],
  settings: Pick<Settings, 'roots' | 'defaultRoot'>,
  searchAs: string | null,
): RootView[] {
  const allowed = foldersFor(settings, searchAs ?? ANY_APP, Date.now()).roots;
  return roots.filter((r) => allowed.some((a) => a.path === r.path));
}

/** The select. */
export function SearchAs(props: {
  value: string | null;
  onChange(next: string | null): void;
}): ReactNode {
  const id = useId();
  const t = useT();
  return (
    <div className="field search-as">
      <label className="field-label" htmlFor={id}>
        {t('folderAccess.searchAs')}
      </label>
      <select
        id={id}
        className="input"
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
        data-testid="search-as"
      >
        <option value="">{t('folderAccess.searchAsAll')}</option>
        {CLIENT_IDS.map((client) => (
          <option key={client} value={client}>
            {appName(client)}
          </option>
        ))}
      </select>
    </div>
  );
}
