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
  readable,
  type LimitKey,
  type LimitsForm,
} from './limit-fields.js';

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
export function SearchLimits(props: { settings: Settings }): ReactNode {
  const { bridge, setView } = useApp();
  const saved = toForm(props.settings);
  // null while nothing is edited, so changes made elsewhere (the CLI, another window) show up.
  const [edits, setEdits] = useState<LimitsForm | null>(null);
  const [justSaved, setJustSaved] = useState(false);
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

  const defaults = `${DEFAULT_SCAN_LIMITS.maxFilesScanned.toLocaleString()} files, ${DEFAULT_SCAN_LIMITS.maxDirectoriesScanned.toLocaleString()} folders, ${DEFAULT_SCAN_LIMITS.timeoutMs / 1000} seconds`;

  return (
    <form
      className="settings-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Search limits"
      data-testid="advanced-settings"
    >
      <Section
        title="When a search stops"
        description={`A search that reaches one of these limits stops and gives the files found so far; the AI app can then ask for more. They apply to every AI app and to the preview. Usual values: ${defaults}.`}
      >
        <div className="form-grid form-grid-3">
          {LIMIT_FIELDS.map((field) => {
            const problem = problems[field.key];
            return (
              <Field
                key={field.key}
                label={field.label}
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
            Use the usual limits
          </Button>
        </div>
      </Section>
      <Section
        title="Files and folders to skip"
        description="Searches never list these, in any allowed folder, and never look inside skipped folders."
      >
        <div className="field">
          <label className="field-label" htmlFor={f('exclude')}>
            Skip these <span className="muted">(one name or pattern per line)</span>
          </label>
          <textarea
            id={f('exclude')}
            className="input input-mono textarea"
            rows={4}
            value={form.exclude}
            spellCheck={false}
            placeholder={'For example:\nnode_modules\n*.tmp'}
            onChange={(e) => update('exclude', e.target.value)}
            aria-describedby={f('exclude-hint')}
            data-testid="settings-exclude"
          />
          <p className="field-hint" id={f('exclude-hint')}>
            A name such as <code>node_modules</code> skips every file or folder with that name. A
            pattern such as <code>*.tmp</code> skips every name that ends in .tmp; use “/” between
            folder names, as in <code>photos/raw</code>.
          </p>
        </div>
      </Section>
      <Section title="Shortcuts (links) inside the folder">
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              checked={form.followSymlinks}
              onChange={(e) => update('followSymlinks', e.target.checked)}
              aria-describedby={f('links-hint')}
              data-testid="settings-follow-symlinks"
            />
            Look inside shortcuts (links) that point to another place in the same folder
          </label>
          <p className={form.followSymlinks ? 'field-warning' : 'field-hint'} id={f('links-hint')}>
            A shortcut that leads outside the allowed folder is never followed. Turning this on can
            make searches slower and can list the same file twice.
          </p>
        </div>
      </Section>
      <div className="form-actions advanced-save">
        <Button
          type="submit"
          variant="primary"
          busy={save.busy}
          busyLabel="Saving…"
          disabled={!dirty || blocked}
          aria-describedby={blocked ? f('blocked') : undefined}
          data-testid="settings-save"
        >
          Save changes
        </Button>
        {blocked ? (
          <span className="field-error" id={f('blocked')} data-testid="settings-blocked">
            Fix the marked field to save.
          </span>
        ) : null}
        {dirty ? (
          <Button variant="ghost" onClick={() => setEdits(null)} disabled={save.busy}>
            Discard changes
          </Button>
        ) : null}
        <span className="success-text" role="status" data-testid="settings-saved">
          {justSaved ? 'Saved. Every AI app uses the new settings from its next search.' : ''}
        </span>
      </div>
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title="The settings were not saved"
          onDismiss={save.clearError}
        />
      ) : null}
    </form>
  );
}
