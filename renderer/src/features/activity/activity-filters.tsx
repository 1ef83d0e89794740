// The Activity screen's filters: app, tool, outcome, time (or a range) and words; "Show
// everything" clears them.
import type { ReactNode } from 'react';
import { Button } from '../../ui/ui.js';
import { Field } from '../../ui/field.js';
import { DateTimeInput } from '../../ui/date-time-input.js';
import { isUnfiltered, NO_FILTER, toolChoices } from './activity-view.js';
import type { ActivityControls, TimeChoice } from './activity-view.js';
import { useT } from '../../ui/i18n.js';
import { PREVIEW_CLIENT_NAME } from '#shared/activity/activity-names.js';

export function ActivityFilters(props: {
  controls: ActivityControls;
  /** The app names to offer, sorted. */
  apps: string[];
  onChange(next: Partial<ActivityControls>): void;
}): ReactNode {
  const { controls, apps } = props;
  const change = props.onChange;
  const t = useT();
  return (
    <div className="activity-filters" role="group" aria-label={t('activity.filters.label')}>
      <Field label={t('activity.filters.app')}>
        {(control) => (
          <select
            {...control}
            className="input input-sm"
            value={controls.client}
            onChange={(e) => change({ client: e.target.value })}
            data-testid="activity-filter-app"
          >
            <option value="">{t('activity.filters.allApps')}</option>
            {apps.map((name) => (
              <option key={name} value={name}>
                {name === PREVIEW_CLIENT_NAME ? t('describe.previewName') : name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('activity.filters.tool')}>
        {(control) => (
          <select
            {...control}
            className="input input-sm"
            value={controls.tool}
            onChange={(e) => change({ tool: e.target.value })}
            data-testid="activity-filter-tool"
          >
            <option value="">{t('activity.filters.allTools')}</option>
            {toolChoices().map((tool) => (
              <option key={tool.value} value={tool.value}>
                {tool.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('activity.filters.outcome')}>
        {(control) => (
          <select
            {...control}
            className="input input-sm"
            value={controls.outcome}
            onChange={(e) => change({ outcome: e.target.value })}
            data-testid="activity-filter-outcome"
          >
            <option value="">{t('activity.filters.anyOutcome')}</option>
            <option value="ok">{t('activity.filters.answered')}</option>
            <option value="error">{t('activity.filters.failed')}</option>
            <option value="security">{t('activity.filters.blocked')}</option>
            <option value="cancelled">{t('activity.filters.cancelled')}</option>
          </select>
        )}
      </Field>
      <Field label={t('activity.filters.when')}>
        {(control) => (
          <select
            {...control}
            className="input input-sm"
            value={controls.time}
            onChange={(e) => change({ time: e.target.value as TimeChoice })}
            data-testid="activity-filter-time"
          >
            <option value="hour">{t('activity.filters.hour')}</option>
            <option value="day">{t('activity.filters.day')}</option>
            <option value="week">{t('activity.filters.week')}</option>
            <option value="all">{t('activity.filters.all')}</option>
            <option value="range">{t('activity.filters.range')}</option>
          </select>
        )}
      </Field>
      {controls.time === 'range' ? (
        <>
          <Field label={t('activity.filters.from')}>
            {(control) => (
              <DateTimeInput
                {...control}
                label={t('activity.filters.fromName')}
                className="input input-sm"
                value={controls.rangeFrom}
                onChange={(value) => change({ rangeFrom: value })}
              />
            )}
          </Field>
          <Field label={t('activity.filters.until')}>
            {(control) => (
              <DateTimeInput
                {...control}
                label={t('activity.filters.untilName')}
                className="input input-sm"
                value={controls.rangeTo}
                onChange={(value) => change({ rangeTo: value })}
              />
            )}
          </Field>
        </>
      ) : null}
      <Field label={t('activity.filters.words')} grow>
        {(control) => (
          <input
            {...control}
            type="search"
            className="input input-sm"
            placeholder={t('activity.filters.wordsPlaceholder')}
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
        {t('activity.filters.includePreview')}
      </label>
      {!isUnfiltered(controls) ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => change({ ...NO_FILTER, showPreview: controls.showPreview })}
          data-testid="activity-filter-clear"
        >
          {t('activity.filters.showEverything')}
        </Button>
      ) : null}
    </div>
  );
}
