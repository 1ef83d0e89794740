// The activity list: a listbox of calls, newest first, virtualized so 100,000 records scroll as
// smoothly as ten. One tab stop; arrows, Page Up/Down, Home and End move the selection (shown in
// the details pane); the next page loads as the end comes near. Rows prepended while the person
// has scrolled down keep what they were reading in place.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { clientNameWithClaim, describeActivity } from '#shared/activity/activity-describe.js';
import type { ActivityEntryView } from '#shared/contract/ipc.js';
import { outcomeLabel } from './activity-view.js';
import { formatDuration, formatLocal } from '../../ui/format.js';
import { Badge, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useT } from '../../ui/i18n.js';

/** Height of one row in px (fixed: the sentence is cut with an ellipsis, full in the details). */
export const ACTIVITY_ROW_PX = 64;

const MAX_LIST_PX = 560;

/** The virtualized list. */
export function ActivityListBox(props: {
  entries: ActivityEntryView[];
  selectedId: string | null;
  onSelect(id: string): void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  label: string;
}): ReactNode {
  const { entries } = props;
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ACTIVITY_ROW_PX,
    overscan: 10,
    getItemKey: (index) => entries[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasMore, loadingMore, onLoadMore } = props;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= entries.length - 30) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, entries.length, onLoadMore]);

  // New rows on top push the rest down; keep the rows being read where they were.
  const firstId = useRef<string | null>(null);
  useLayoutEffect(() => {
    const previous = firstId.current;
    firstId.current = entries[0]?.id ?? null;
    const element = scrollRef.current;
    if (!element || previous === null || element.scrollTop === 0) return;
    const shift = entries.findIndex((e) => e.id === previous);
    if (shift > 0) element.scrollTop += shift * ACTIVITY_ROW_PX;
  }, [entries]);

  const selectedIndex = entries.findIndex((e) => e.id === props.selectedId);
  const move = (index: number) => {
    const target = entries[Math.max(0, Math.min(entries.length - 1, index))];
    if (!target) return;
    props.onSelect(target.id);
    virtualizer.scrollToIndex(entries.indexOf(target), { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? 400) / ACTIVITY_ROW_PX) - 1,
    );
    const keys: Record<string, number> = {
      ArrowDown: selectedIndex + 1,
      ArrowUp: selectedIndex <= 0 ? 0 : selectedIndex - 1,
      PageDown: selectedIndex + page,
      PageUp: selectedIndex - page,
      Home: 0,
      End: entries.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    move(next);
  };

  return (
    <div
      ref={scrollRef}
      className="activity-scroll"
      role="listbox"
      tabIndex={0}
      aria-label={props.label}
      aria-activedescendant={selectedIndex >= 0 ? rowId(entries[selectedIndex]!.id) : undefined}
      aria-busy={loadingMore || undefined}
      // As tall as its rows up to a screenful, so three calls do not sit in an empty box.
      style={{ height: Math.min(MAX_LIST_PX, Math.max(1, entries.length) * ACTIVITY_ROW_PX + 2) }}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (selectedIndex < 0 && entries[0]) props.onSelect(entries[0].id);
      }}
      data-testid="activity-list"
    >
      <div className="activity-spacer" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const entry = entries[item.index]!;
          return (
            <ActivityRow
              key={item.key}
              entry={entry}
              index={item.index}
              total={entries.length}
              top={item.start}
              selected={entry.id === props.selectedId}
              onSelect={() => props.onSelect(entry.id)}
            />
          );
        })}
      </div>
      {loadingMore ? (
        <p className="activity-more muted inline-status">
          <Spinner /> {t('activityDetails.loadingOlder')}
        </p>
      ) : null}
    </div>
  );
}

function rowId(id: string): string {
  return `activity-row-${id}`;
}

function ActivityRow(props: {
  entry: ActivityEntryView;
  index: number;
  total: number;
  top: number;
  selected: boolean;
  onSelect(): void;
}): ReactNode {
  const { record } = props.entry;
  const outcome = outcomeLabel(record);
  const sentence = describeActivity(record);
  const when = formatLocal(record.time);
  const app = clientNameWithClaim(record.client);
  const took = formatDuration(record.durationMs);
  // The row is read as "sentence. time, app, duration. outcome": the pauses are in the text itself
  // (visually hidden), so what is heard is what is seen, in order, and the parts never run together.
  const pause = (text: string) => <span className="visually-hidden">{text}</span>;
  return (
    <div
      id={rowId(props.entry.id)}
      role="option"
      aria-selected={props.selected}
      aria-posinset={props.index + 1}
      aria-setsize={props.total}
      className="activity-row"
      data-tone={outcome.tone}
      data-testid="activity-row"
      style={{ transform: `translateY(${props.top}px)` }}
      onClick={props.onSelect}
    >
      <span className={`activity-mark activity-mark-${outcome.tone}`} aria-hidden="true">
        {outcome.tone === 'danger' || outcome.tone === 'warning' ? Icon.warning : Icon.check}
      </span>
      <div className="activity-row-main">
        <div className="activity-sentence" title={sentence}>
          {sentence}
          {pause('. ')}
        </div>
        <div className="activity-meta">
          <time dateTime={record.time}>{when}</time>
          <span aria-hidden="true"> · </span>
          {pause(', ')}
          <span>{app}</span>
          <span aria-hidden="true"> · </span>
          {pause(', ')}
          <span>{took}</span>
          {pause('. ')}
        </div>
      </div>
      <Badge tone={outcome.tone}>{outcome.label}</Badge>
    </div>
  );
}
