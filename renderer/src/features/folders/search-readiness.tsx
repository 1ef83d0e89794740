// Whether a folder is ready for instant search: the search engine's state for it, in plain words.
// "Ready for instant search", "Preparing for instant search… 42%", or why it is searched by
// walking (slower, but always complete and current).
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { EngineStatus } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';
import { useLive } from '../../app/use-live.js';
import { useT } from '../../ui/i18n.js';

type FolderStatus = EngineStatus['folders'][number];

/** The engine's status, kept current. */
export function useEngineStatus(): EngineStatus | null {
  return useLive(useApp().bridge, 'engine:status', 'engine:status');
}

/** One line under a folder's path; nothing while the engine has not said anything about it. */
export function SearchReadiness(props: {
  status: FolderStatus | undefined;
  /** Shortcuts are followed (Advanced): the list does not cover them, searches walk. */
  followLinks?: boolean;
}): ReactNode {
  const { status } = props;
  const labelId = useId();
  const t = useT();
  if (!status) return null;
  if (props.followLinks)
    return (
      <p className="search-readiness is-walking" data-testid="search-readiness">
        {t('readiness.walking', { reason: t('readiness.reasons.links') })}
      </p>
    );
  if (status.state === 'ready')
    return (
      <p className="search-readiness is-ready" data-testid="search-readiness">
        {t('readiness.ready')}
      </p>
    );
  if (status.state === 'preparing') {
    const percent = status.percent ?? 0;
    return (
      <div className="search-readiness is-preparing" data-testid="search-readiness">
        <span id={labelId}>{t('readiness.preparing', { percent })}</span>
        <progress max={100} value={percent} aria-labelledby={labelId} />
      </div>
    );
  }
  return (
    <p className="search-readiness is-walking" data-testid="search-readiness">
      {t('readiness.walking', {
        reason: t(`readiness.reasons.${status.reason ?? 'notIndexed'}`),
      })}
    </p>
  );
}
