// Near the Search preview's results: what the searched folders leave out of AI apps' sight
// ("2 subfolders and names left out of Documents"), so an answer that lacks them is understood.
import type { ReactNode } from 'react';
import { leftOutCount } from '#shared/settings/leave-out-count.js';
import { useApp } from '../../app/app-state.js';
import { useT } from '../../ui/i18n.js';

/** One line per searched folder (by name) that leaves something out; nothing otherwise. */
export function LeftOutNote(props: { folders: string[] }): ReactNode {
  const { view } = useApp();
  const t = useT();
  const lines = props.folders
    .map((name) => {
      const root = view.settings.roots.find((r) => r.name === name);
      return { name, count: leftOutCount(root?.leaveOut) };
    })
    .filter((f) => f.count > 0);
  if (lines.length === 0) return null;
  return (
    <ul className="muted search-left-out" data-testid="search-left-out">
      {lines.map((f) => (
        <li key={f.name}>{t('leaveOut.previewCount', { count: f.count, name: f.name })}</li>
      ))}
    </ul>
  );
}
