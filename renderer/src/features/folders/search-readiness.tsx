// Whether a folder is ready for instant search: the search engine's state for it, in plain words.
// "Ready for instant search", "Preparing for instant search… 42%", or why it is searched by
// walking (slower, but always complete and current).
import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { EngineStatus } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';

type FolderStatus = EngineStatus['folders'][number];

const WALKING_WORDS: Record<NonNullable<FolderStatus['reason']>, string> = {
  'network-drive': 'it is on a network drive, which does not tell this computer about changes',
  'removable-drive': 'it is on a removable drive',
  'too-many-folders': 'it holds more folders than this computer can watch for changes',
  'watcher-failed': 'changes in it cannot be followed',
  unreadable: 'it could not be read in full',
};

/** The engine's status, kept current. */
export function useEngineStatus(): EngineStatus | null {
  const { bridge } = useApp();
  const [status, setStatus] = useState<EngineStatus | null>(null);
  useEffect(() => {
    let live = true;
    bridge.invoke('engine:status', {}).then(
      (s) => {
        if (live) setStatus(s);
      },
      () => undefined,
    );
    const off = bridge.on('engine:status', setStatus);
    return () => {
      live = false;
      off();
    };
  }, [bridge]);
  return status;
}

/** One line under a folder's path; nothing while the engine has not said anything about it. */
export function SearchReadiness(props: {
  status: FolderStatus | undefined;
  /** Shortcuts are followed (Advanced): the list does not cover them, searches walk. */
  followLinks?: boolean;
}): ReactNode {
  const { status } = props;
  const labelId = useId();
  if (!status) return null;
  if (props.followLinks)
    return (
      <p className="search-readiness is-walking" data-testid="search-readiness">
        Searched by walking: shortcuts (links) are followed, which instant search does not cover.
      </p>
    );
  if (status.state === 'ready')
    return (
      <p className="search-readiness is-ready" data-testid="search-readiness">
        Ready for instant search
      </p>
    );
  if (status.state === 'preparing') {
    const percent = status.percent ?? 0;
    return (
      <div className="search-readiness is-preparing" data-testid="search-readiness">
        <span id={labelId}>Preparing for instant search… {percent}%</span>
        <progress max={100} value={percent} aria-labelledby={labelId} />
      </div>
    );
  }
  return (
    <p className="search-readiness is-walking" data-testid="search-readiness">
      Searched by walking: {status.reason ? WALKING_WORDS[status.reason] : 'it is not indexed'}.
    </p>
  );
}
