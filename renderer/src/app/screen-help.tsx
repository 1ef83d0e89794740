// "How this screen works": a few plain sentences on each main screen, opened in place (a native
// <details>, so Enter or Space on its summary opens and closes it and a screen reader says
// whether it is open). The English sentences come with the later screens' words
// (./later-words.ts), fetched the first time the person opens one: not before the window shows.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from '../ui/i18n.js';
import { Spinner } from '../ui/ui.js';

type Screen = 'folders' | 'aiApps' | 'control' | 'activity' | 'search';

let words: Promise<unknown> | null = null;
const loadWords = (): Promise<unknown> => (words ??= import('./later-words.js'));

export function ScreenHelp(props: { screen: Screen }): ReactNode {
  const t = useT();
  const [ready, setReady] = useState(false);
  const { screen } = props;
  return (
    <details
      className="screen-help"
      data-testid={`screen-help-${screen}`}
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open && !ready)
          void loadWords().then(() => setReady(true));
      }}
    >
      <summary className="screen-help-summary">
        <span className="screen-help-mark" aria-hidden="true">
          ?
        </span>
        {t('shell.screenHelp')}
      </summary>
      {ready ? (
        <div className="screen-help-body">
          <p>{t(`help.${screen}.p1`)}</p>
          <p>{t(`help.${screen}.p2`)}</p>
          <p>{t(`help.${screen}.p3`)}</p>
        </div>
      ) : (
        <p className="muted">
          <Spinner />
        </p>
      )}
    </details>
  );
}
