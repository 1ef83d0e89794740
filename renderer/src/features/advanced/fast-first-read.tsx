// Advanced › About: whether this computer reads new folders the fast way (the search engine's
// native listing), in plain words. Only the running engine knows; with instant search off there
// is no engine, and the line says so rather than guess.
import type { ReactNode } from 'react';
import type { EngineStatus } from '#shared/contract/ipc.js';
import { useT } from '../../ui/i18n.js';

/**
 * One entry of About's facts (a dt and its dd): the fast first read's state from the engine's
 * `status`; nothing while the engine has not said.
 */
export function FastFirstRead(props: {
  status: EngineStatus | null;
  instantSearch: boolean;
}): ReactNode {
  const { status, instantSearch } = props;
  const t = useT();
  if (status === null) return null;
  let text: string;
  if (!status.running)
    text = !instantSearch
      ? t('about.fastRead.instantOff')
      : status.elsewhere
        ? t('about.fastRead.elsewhere')
        : t('about.fastRead.notRunning');
  else if (status.fastFirstRead === null) return null;
  else text = t(`about.fastRead.states.${status.fastFirstRead}`);
  return (
    <div>
      <dt>{t('about.fastRead.title')}</dt>
      <dd data-testid="about-fast-read">{text}</dd>
    </div>
  );
}
