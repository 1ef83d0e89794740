// "Leave out" on each allowed folder: the subfolders and names AI apps never see there, as one
// line ("Left out for AI apps: 2 items" and Change) that opens the panel (leave-out-panel.tsx).
// Saved through 'roots:setLeaveOut'; servers apply it to the next search.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { leftOutCount } from '#shared/settings/leave-out-count.js';
import { useApp } from '../../app/app-state.js';
import { Button } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';
import './leave-out.css';

// The panel is fetched when first opened: the window's first file stays small.
const LeaveOutPanel = lazy(() =>
  import('./leave-out-panel.js').then((m) => ({ default: m.LeaveOutPanel })),
);

/** The line under a folder with its panel. */
export function LeaveOutSection(props: { path: string; name: string }): ReactNode {
  const { view } = useApp();
  const t = useT();
  const saved = view.settings.roots.find((r) => r.path === props.path)?.leaveOut;
  const count = leftOutCount(saved);
  const [open, setOpen] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const closedByPerson = useRef(false);
  // Closed with Done or Escape: focus goes back to Change, not to the page's <body>.
  useEffect(() => {
    if (!open && closedByPerson.current) {
      closedByPerson.current = false;
      changeRef.current?.focus();
    }
  }, [open]);
  return (
    <div className="leave-out" data-testid="leave-out">
      <p className="leave-out-line">
        <span className="muted">{t('leaveOut.line')}</span>
        <span data-testid="leave-out-summary">
          {count === 0 ? t('leaveOut.nothing') : t('leaveOut.summary', { count })}
        </span>
        {!open ? (
          <Button
            ref={changeRef}
            size="sm"
            variant="ghost"
            onClick={() => setOpen(true)}
            aria-label={t('leaveOut.changeLabel', { name: props.name })}
            data-testid="leave-out-edit"
          >
            {t('leaveOut.change')}
          </Button>
        ) : null}
      </p>
      {open ? (
        <Suspense fallback={null}>
          <LeaveOutPanel
            path={props.path}
            name={props.name}
            saved={saved ?? { folders: [], names: [] }}
            onDone={() => {
              closedByPerson.current = true;
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
