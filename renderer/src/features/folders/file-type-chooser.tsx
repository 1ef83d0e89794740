// A folder's allowed file types on the Folders screen: "All file types" or only the chosen groups
// (documents, spreadsheets, PDFs, images, code) and extensions typed by the person. Saved through
// 'roots:setFileTypes'; servers apply it to the next search.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  FILE_TYPE_GROUPS,
  joinFileTypes,
  normalizeFileType,
  splitFileTypes,
  type FileTypeGroup,
} from '#shared/tools/file-types.js';
import type { IpcError } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import './folders.css';
import { useT } from '../../ui/i18n.js';
import { fileTypeGroupName, fileTypesInWords } from '#shared/i18n/file-types-words.js';

type GroupId = FileTypeGroup['id'];

/** The line under a folder ("File types: PDFs and Documents") with its chooser. */
export function FileTypeChooser(props: { path: string; name: string }): ReactNode {
  const { view } = useApp();
  const t = useT();
  const saved = view.settings.roots.find((r) => r.path === props.path)?.fileTypes ?? null;
  const [open, setOpen] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const closedByPerson = useRef(false);
  // Closed (saved, cancelled, Escape): focus goes back to Change, not to the page's <body>.
  useEffect(() => {
    if (!open && closedByPerson.current) {
      closedByPerson.current = false;
      changeRef.current?.focus();
    }
  }, [open]);
  const close = (): void => {
    closedByPerson.current = true;
    setOpen(false);
  };
  return (
    <div className="file-types" data-testid="file-types">
      <p className="file-types-line">
        <span className="muted">{t('fileTypes.line')}</span>
        <span data-testid="file-types-summary">{fileTypesInWords(saved)}</span>
        {!open ? (
          <Button
            ref={changeRef}
            size="sm"
            variant="ghost"
            onClick={() => setOpen(true)}
            aria-label={t('fileTypes.changeLabel', { name: props.name })}
            data-testid="file-types-edit"
          >
            {t('fileTypes.change')}
          </Button>
        ) : null}
      </p>
      {open ? (
        <FileTypeForm path={props.path} name={props.name} saved={saved} onDone={close} />
      ) : null}
    </div>
  );
}

function FileTypeForm(props: {
  path: string;
  name: string;
  saved: string[] | null;
  onDone(): void;
}): ReactNode {
  const { bridge, setView } = useApp();
  const t = useT();
  const initial = splitFileTypes(props.saved ?? []);
  const [all, setAll] = useState(props.saved === null);
  const [groups, setGroups] = useState<GroupId[]>(initial.groups);
  const [custom, setCustom] = useState<string[]>(initial.custom);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const id = useId();
  const chosen = joinFileTypes(groups, custom);
  const formRef = useRef<HTMLFormElement>(null);
  // Opened with Change (which is gone now): focus goes to the chosen option inside.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, []);

  const addTyped = (): boolean => {
    if (typed.trim() === '') return true;
    const parts = typed.split(/[\s,;]+/).filter(Boolean);
    const types = parts.map(normalizeFileType);
    const bad = parts.filter((_, i) => types[i] === null);
    if (bad.length > 0) {
      setTypedError(t('fileTypes.notExtension', { bad: bad.join(', ') }));
      return false;
    }
    setCustom((c) => [...new Set([...c, ...(types as string[])])]);
    setTyped('');
    setTypedError(null);
    return true;
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!all && !addTyped()) return;
    const typedNow = typed
      .split(/[\s,;]+/)
      .map(normalizeFileType)
      .filter((type): type is string => type !== null);
    const fileTypes = all ? null : joinFileTypes(groups, [...custom, ...typedNow]);
    if (fileTypes !== null && fileTypes.length === 0) {
      setTypedError(t('fileTypes.chooseOne'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setView(await bridge.invoke('roots:setFileTypes', { path: props.path, fileTypes }));
      props.onDone();
    } catch (e) {
      setError(toIpcError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="file-type-form"
      onSubmit={(e) => void onSave(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.preventDefault();
          props.onDone();
        }
      }}
      data-testid="file-type-form"
    >
      <fieldset className="file-type-fieldset">
        <legend className="visually-hidden">{t('fileTypes.legend', { name: props.name })}</legend>
        <label className="radio-line">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={all}
            onChange={() => setAll(true)}
            data-testid="file-types-all"
          />
          {t('fileTypes.all')}
        </label>
        <label className="radio-line">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={!all}
            onChange={() => setAll(false)}
            data-testid="file-types-only"
          />
          {t('fileTypes.onlyThese')}
        </label>
      </fieldset>
      {!all ? (
        <div className="file-type-choices">
          <div className="chip-group" role="group" aria-label={t('fileTypes.common')}>
            {FILE_TYPE_GROUPS.map((group) => {
              const on = groups.includes(group.id);
              return (
                <button
                  key={group.id}
                  type="button"
                  className="chip"
                  aria-pressed={on}
                  title={group.types.join(' ')}
                  onClick={() =>
                    setGroups((g) => (on ? g.filter((x) => x !== group.id) : [...g, group.id]))
                  }
                  data-testid={`file-group-${group.id}`}
                >
                  {fileTypeGroupName(group.id)}
                </button>
              );
            })}
          </div>
          {custom.length > 0 ? (
            <ul className="chip-group file-type-custom" aria-label={t('fileTypes.other')}>
              {custom.map((type) => (
                <li key={type}>
                  <button
                    type="button"
                    className="chip"
                    aria-pressed="true"
                    aria-label={t('fileTypes.removeType', { type })}
                    onClick={() => setCustom((c) => c.filter((other) => other !== type))}
                  >
                    {type} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="file-type-add">
            <label className="field-label" htmlFor={`${id}-typed`}>
              {t('fileTypes.other')}
            </label>
            <input
              id={`${id}-typed`}
              className="input input-sm"
              value={typed}
              placeholder={t('fileTypes.otherPlaceholder')}
              aria-invalid={typedError ? true : undefined}
              aria-describedby={typedError ? `${id}-error` : undefined}
              onChange={(e) => {
                setTyped(e.target.value);
                setTypedError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTyped();
                }
              }}
              data-testid="file-types-typed"
            />
            <Button size="sm" onClick={() => addTyped()}>
              {t('fileTypes.add')}
            </Button>
          </div>
          {typedError ? (
            <p className="field-error" id={`${id}-error`} role="alert">
              {typedError}
            </p>
          ) : (
            <p className="field-hint">
              {chosen.length > 0
                ? t('fileTypes.willSee', { types: fileTypesInWords(chosen) })
                : t('fileTypes.chooseAtLeast')}
            </p>
          )}
        </div>
      ) : null}
      {error ? <ErrorCallout error={error} title={t('fileTypes.notSaved')} /> : null}
      <div className="file-type-actions">
        <Button
          type="submit"
          size="sm"
          variant="primary"
          busy={busy}
          busyLabel={t('fileTypes.saving')}
          data-testid="file-types-save"
        >
          {t('fileTypes.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onDone} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
