// Search limits (Advanced): how far one search may look, the folders it skips, the time it may take.
import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { IpcRequest } from '#shared/contract/ipc.js';
import { DEFAULT_SCAN_LIMITS } from '#shared/settings/settings-defaults.js';
import type { Settings } from '#shared/settings/settings.js';
import { Button, ErrorCallout, Section } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { Field } from '../../ui/field.js';
import './advanced.css';
import {
  LIMIT_FIELDS,
  limitProblem,
  limitWords,
  readable,
  type LimitKey,
  type LimitsForm,
} from './limit-fields.js';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';

export function toForm(settings: Settings): LimitsForm {
  return {
    maxFilesScanned: String(settings.limits.maxFilesScanned),
    maxDirectoriesScanned: String(settings.limits.maxDirectoriesScanned),
    timeoutSeconds: String(settings.limits.timeoutMs / 1000),
    exclude: settings.exclude.join('\n'),
    followSymlinks: settings.followSymlinks,
  };
}

export function sameForm(a: LimitsForm, b: LimitsForm): boolean {
  return (
    a.maxFilesScanned === b.maxFilesScanned &&
    a.maxDirectoriesScanned === b.maxDirectoriesScanned &&
    a.timeoutSeconds === b.timeoutSeconds &&
    normalizeExclude(a.exclude).join('\n') === normalizeExclude(b.exclude).join('\n') &&
    a.followSymlinks === b.followSymlinks
  );
}

export function normalizeExclude(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Advanced › Search limits: when a search stops, what it skips, and whether it follows links.
 * Checked in the page as typed and on Save (never the browser's own validation popup).
 */
export function SearchLimits(props: {
  settings: Settings;
  /**
   * The changes not saved yet (null while nothing is edited, so changes made elsewhere, by the
   * CLI or another window, show up): kept by the Advanced screen, so a tab switch keeps them.
   */
  edits: LimitsForm | null;
  setEdits(edits: LimitsForm | null): void;
}): ReactNode {
  const { bridge, setView } = useApp();
  const saved = toForm(props.settings);
  const { edits, setEdits } = props;
  const [justSaved, setJustSaved] = useState(false);
  const t = useT();
  const save = useAction((request: IpcRequest<'settings:update'>) =>
    bridge.invoke('settings:update', request),
  );
  const id = useId();
  const f = (name: string): string => `${id}-${name}`;
  const form = edits ?? saved;
  const dirty = edits !== null && !sameForm(edits, saved);
  const problems = Object.fromEntries(
    LIMIT_FIELDS.map((field) => [field.key, limitProblem(field, form[field.key])]),
  ) as Record<LimitKey, string | null>;
  const blocked = Object.values(problems).some((p) => p !== null);

  useEffect(() => {
    if (!justSaved) return;
    const timer = window.setTimeout(() => setJustSaved(false), 6000);
    return () => window.clearTimeout(timer);
  }, [justSaved]);

  const update = <K extends keyof LimitsForm>(key: K, value: LimitsForm[K]): void => {
    setJustSaved(false);
    setEdits({ ...form, [key]: value });
  };

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const firstBad = LIMIT_FIELDS.find((field) => problems[field.key] !== null);
    if (firstBad) {
      document.getElementById(f(firstBad.key))?.focus();
      return;
    }
    const result = await save.run({
      limits: {
        maxFilesScanned: Math.round(Number(form.maxFilesScanned)),
        maxDirectoriesScanned: Math.round(Number(form.maxDirectoriesScanned)),
        timeoutMs: Math.round(Number(form.timeoutSeconds) * 1000),
      },
      exclude: normalizeExclude(form.exclude),
      followSymlinks: form.followSymlinks,
    });
    if (result) {
      setView(result);
      setEdits(null);
      setJustSaved(true);
    }
  };

  const restoreDefaults = (): void => {
    setJustSaved(false);
    setEdits({
      ...form,
      maxFilesScanned: String(DEFAULT_SCAN_LIMITS.maxFilesScanned),
      maxDirectoriesScanned: String(DEFAULT_SCAN_LIMITS.maxDirectoriesScanned),
      timeoutSeconds: String(DEFAULT_SCAN_LIMITS.timeoutMs / 1000),
    });
  };

  const defaults = t('advanced.limits.defaults', {
    files: limitWords('maxFilesScanned', DEFAULT_SCAN_LIMITS.maxFilesScanned),
    folders: limitWords('maxDirectoriesScanned', DEFAULT_SCAN_LIMITS.maxDirectoriesScanned),
    seconds: limitWords('timeoutSeconds', DEFAULT_SCAN_LIMITS.timeoutMs / 1000),
  });

  return (
    <form
      className="settings-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={t('advanced.limits.formLabel')}
      data-testid="advanced-settings"
    >
      <Section
        title={t('advanced.limits.stopsTitle')}
        description={t('advanced.limits.stopsHint', { defaults })}
      >
        <div className="form-grid form-grid-3">
          {LIMIT_FIELDS.map((field) => {
            const problem = problems[field.key];
            return (
              <Field
                key={field.key}
                label={t(`advanced.limits.fields.${field.key}`)}
                id={f(field.key)}
                error={problem}
                errorTestId={`${field.testId}-problem`}
                hint={readable(field, form[field.key])}
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="number"
                    inputMode={field.whole ? 'numeric' : 'decimal'}
                    min={field.min}
                    max={field.max}
                    step={field.whole ? 1 : 0.1}
                    value={form[field.key]}
                    onChange={(e) => update(field.key, e.target.value)}
                    data-testid={field.testId}
                  />
                )}
              </Field>
            );
          })}
        </div>
        <div className="inline-actions">
          <Button variant="ghost" onClick={restoreDefaults} disabled={save.busy}>
            {t('advanced.limits.usual')}
          </Button>
        </div>
      </Section>
      <Section title={t('advanced.limits.skipTitle')} description={t('advanced.limits.skipHint')}>
        <div className="field">
          <label className="field-label" htmlFor={f('exclude')}>
            <Trans
              i18nKey="advanced.limits.skipLabel"
              components={[<span key="hint" className="muted" />]}
            />
          </label>
          <textarea
            id={f('exclude')}
            className="input input-mono textarea"
            rows={4}
            value={form.exclude}
            spellCheck={false}
            placeholder={t('advanced.limits.skipPlaceholder')}
            onChange={(e) => update('exclude', e.target.value)}
            aria-describedby={f('exclude-hint')}
            data-testid="settings-exclude"
          />
          <p className="field-hint" id={f('exclude-hint')}>
            <Trans
              i18nKey="advanced.limits.skipHelp"
              components={[
                <code key="name" />,
                <code key="pattern" />,
                <code key="path" />,
                <code key="ending" />,
              ]}
            />
          </p>
        </div>
      </Section>
      <LinksSection
        follow={form.followSymlinks}
        onChange={(follow) => update('followSymlinks', follow)}
        hintId={f('links-hint')}
      />
      <div className="form-actions advanced-save">
        <Button
          type="submit"
          variant="primary"
          busy={save.busy}
          busyLabel={t('advanced.limits.saving')}
          disabled={!dirty || blocked}
          aria-describedby={blocked ? f('blocked') : undefined}
          data-testid="settings-save"
        >
          {t('advanced.limits.save')}
        </Button>
        {blocked ? (
          <span className="field-error" id={f('blocked')} data-testid="settings-blocked">
            {t('advanced.limits.fixMarked')}
          </span>
        ) : null}
        {dirty ? (
          <Button variant="ghost" onClick={() => setEdits(null)} disabled={save.busy}>
            {t('advanced.limits.discard')}
          </Button>
        ) : null}
        <span className="success-text" role="status" data-testid="settings-saved">
          {justSaved ? t('advanced.limits.saved') : ''}
        </span>
      </div>
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title={t('advanced.limits.notSaved')}
          onDismiss={save.clearError}
        />
      ) : null}
    </form>
  );
}

/** Whether shortcuts (links) inside a folder are looked into, with what it costs. */
function LinksSection(props: {
  follow: boolean;
  onChange(follow: boolean): void;
  hintId: string;
}): ReactNode {
  const t = useT();
  return (
    <Section title={t('advanced.limits.linksTitle')}>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={props.follow}
            onChange={(e) => props.onChange(e.target.checked)}
            aria-describedby={props.hintId}
            data-testid="settings-follow-symlinks"
          />
          {t('advanced.limits.links')}
        </label>
        <p className={props.follow ? 'field-warning' : 'field-hint'} id={props.hintId}>
          {t('advanced.limits.linksHint')}
        </p>
      </div>
    </Section>
  );
}
