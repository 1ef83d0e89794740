// Advanced › About: the language of FolderGate — the computer's (the default) or one chosen here,
// saved in the settings and applied at once to this window, the tray and the command line.
import type { ReactNode } from 'react';
import {
  LANGUAGE_CHOICES,
  LANGUAGE_NAMES,
  languageFor,
  type LanguageChoice,
} from '#shared/i18n/languages.js';
import { ErrorCallout, Section } from '../../ui/ui.js';
import { Field } from '../../ui/field.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { useT } from '../../ui/i18n.js';

/** The language choice, its own section of the About tab. */
export function LanguageChoice(): ReactNode {
  const { bridge, view, setView, info } = useApp();
  const t = useT();
  const save = useAction((language: LanguageChoice) =>
    bridge.invoke('settings:update', { language }),
  );
  const system = languageFor(
    'system',
    info.systemLanguages.length > 0 ? info.systemLanguages : navigator.languages,
  );
  const onChange = async (language: LanguageChoice): Promise<void> => {
    const result = await save.run(language);
    if (result) setView(result);
  };
  return (
    <Section title={t('about.language.title')}>
      <Field label={t('about.language.label')} hint={t('about.language.hint')}>
        {(control) => (
          <select
            {...control}
            className="input input-fit"
            value={view.settings.language}
            disabled={save.busy}
            onChange={(e) => void onChange(e.target.value as LanguageChoice)}
            data-testid="language-choice"
          >
            {LANGUAGE_CHOICES.map((choice) => (
              <option key={choice} value={choice} lang={choice === 'system' ? undefined : choice}>
                {choice === 'system'
                  ? t('about.language.system', { language: LANGUAGE_NAMES[system] })
                  : LANGUAGE_NAMES[choice]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title={t('about.language.failed')}
          onDismiss={save.clearError}
        />
      ) : null}
    </Section>
  );
}
