// The Activity screen's filters: app, tool, outcome, time (or a range) and words; "Show
// everything" clears them.
import type { ReactNode } from 'react';
import { Button } from '../../ui/ui.js';
import { Field } from '../../ui/field.js';
import { DateTimeInput } from '../../ui/date-time-input.js';
import { isUnfiltered, NO_FILTER, TOOL_CHOICES } from './activity-view.js';
import type { ActivityControls, TimeChoice } from './activity-view.js';

export function ActivityFilters(props: {
  controls: ActivityControls;
  /** The app names to offer, sorted. */
  apps: string[];
  onChange(next: Partial<ActivityControls>): void;
}): ReactNode {
  const { controls, apps } = props;
  const change = props.onChange;
  return (
    <div className="activity-filters" role="group" aria-label="Filter the calls">
      <Field label="AI app">
        {(control) => (
          <select
            {...control}
            className="input input-sm"
            value={controls.client}
            onChange={(e) => change({ client: e.target.value })}
            data-testid="activity-filter-app"
          >
            <option value="">All apps</option>
            {apps.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Tool">
        {(control) => (
          <select
            {...control}
            className="input input-sm"
            value={controls.tool}
            onChange={(e) => change({ tool: e.target.value })}
            data-testid="activity-filter-tool"
          >
            <option value="">All tools</option>
            {TOOL_CHOICES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Outcome">
        {(control) => (
          <select
            {...control}
            className="input input-sm"
            value={controls.outcome}
            onChange={(e) => change({ outcome: e.target.value })}
            data-testid="activity-filter-outcome"
          >
            <option value="">Any outcome</option>
            <option value="ok">Answered</option>
            <option value="error">Failed or refused</option>
            <option value="security">Blocked: tried to leave a folder</option>
            <option value="cancelled">Cancelled</option>
          </select>
        )}
      </Field>
      <Field label="When">
        {(control) => (
          <select
            {...control}
            className="input input-sm"
            value={controls.time}
            onChange={(e) => change({ time: e.target.value as TimeChoice })}
            data-testid="activity-filter-time"
          >
            <option value="hour">Last hour</option>
            <option value="day">Last 24 hours</option>
            <option value="week">Last 7 days</option>
            <option value="all">All time</option>
            <option value="range">Between…</option>
          </select>
        )}
      </Field>
      {controls.time === 'range' ? (
        <>
          <Field label="From">
            {(control) => (
              <DateTimeInput
                {...control}
                label="“From”"
                className="input input-sm"
                value={controls.rangeFrom}
                onChange={(value) => change({ rangeFrom: value })}
              />
            )}
          </Field>
          <Field label="Until">
            {(control) => (
              <DateTimeInput
                {...control}
                label="“Until”"
                className="input input-sm"
                value={controls.rangeTo}
                onChange={(value) => change({ rangeTo: value })}
              />
            )}
          </Field>
        </>
      ) : null}
      <Field label="Words" grow>
        {(control) => (
          <input
            {...control}
            type="search"
            className="input input-sm"
            placeholder="A file or folder name…"
            value={controls.text}
            onChange={(e) => change({ text: e.target.value })}
            data-testid="activity-filter-text"
          />
        )}
      </Field>
      <label className="activity-preview-toggle">
        <input
          type="checkbox"
          checked={controls.showPreview}
          onChange={(e) => change({ showPreview: e.target.checked })}
          data-testid="activity-show-preview"
        />
        Include FolderGate’s own searches (Search preview)
      </label>
      {!isUnfiltered(controls) ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => change({ ...NO_FILTER, showPreview: controls.showPreview })}
          data-testid="activity-filter-clear"
        >
          Show everything
        </Button>
      ) : null}
    </div>
  );
}
