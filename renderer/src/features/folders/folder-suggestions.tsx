// One-click suggestions of the person's usual folders (Documents, Desktop, Downloads, …) that
// exist and are not allowed yet, each with how many files it holds.
import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcResponse } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';
import { Icon } from '../../ui/icons.js';
import { useT } from '../../ui/i18n.js';

type Suggestion = IpcResponse<'roots:suggest'>['suggestions'][number];

/** "Your usual folders": a button per folder; `onAdd` adds it (the caller shows the outcome). */
export function FolderSuggestions(props: {
  onAdd(path: string): Promise<void>;
  busyPath: string | null;
}): ReactNode {
  const { bridge, roots } = useApp();
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const t = useT();
  const labelId = useId();

  // Asked again whenever the allowed folders change: an added folder is no longer offered.
  useEffect(() => {
    let current = true;
    bridge.invoke('roots:suggest', {}).then(
      (answer) => current && setSuggestions(answer.suggestions),
      // Suggestions are a help, not a need: without them the person types or picks a folder.
      () => current && setSuggestions([]),
    );
    return () => {
      current = false;
    };
  }, [bridge, roots]);

  if (!suggestions || suggestions.length === 0) return null;
  return (
    <div className="folder-suggestions" role="group" aria-labelledby={labelId}>
      <p className="folder-suggestions-label" id={labelId}>
        {t('folders.add.usual')}
      </p>
      <ul className="folder-suggestion-list">
        {suggestions.map((s) => (
          <li key={s.path}>
            <button
              type="button"
              className="folder-suggestion"
              title={s.path}
              aria-busy={props.busyPath === s.path || undefined}
              // Not disabled while one is added: a disabled button would drop the focus.
              aria-disabled={props.busyPath !== null || undefined}
              onClick={() => (props.busyPath === null ? void props.onAdd(s.path) : undefined)}
              data-testid="folder-suggestion"
            >
              <span className="folder-suggestion-icon" aria-hidden="true">
                {Icon.folder}
              </span>
              <span className="folder-suggestion-text">
                <span className="folder-suggestion-name">
                  {t('folders.add.addNamed', { name: s.name })}
                </span>
                <span className="folder-suggestion-count">
                  {props.busyPath === s.path
                    ? t('folders.add.adding')
                    : s.more
                      ? t('folders.add.filesMore', { count: s.files })
                      : s.files === 0
                        ? t('folders.add.empty')
                        : t('folders.add.files', { count: s.files })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
