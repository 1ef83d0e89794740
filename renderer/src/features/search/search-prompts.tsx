// The prompts a person can use in their AI app (shared/prompts/prompts.ts, as the server lists
// them), in the window's language, and where AI apps show them; or why there are none (the
// prompts switch, or the search they need, is off in Control).
import type { ReactNode } from 'react';
import { currentLanguage } from '#shared/i18n/i18n.js';
import { listPrompts, type PromptArgument } from '#shared/prompts/prompts.js';
import { SEARCH_TOOL_NAME } from '#shared/tools/search-names.js';
import { Section } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useT } from '../../ui/i18n.js';

/** The Search preview's section on FolderGate's prompts. */
export function PromptsPreview(): ReactNode {
  const { view } = useApp();
  const t = useT();
  const { roots, tools } = view.settings;
  const promptsOn = tools.prompts;
  const prompts = listPrompts({
    roots,
    language: currentLanguage(),
    promptsOn,
    searchOn: tools[SEARCH_TOOL_NAME],
  });
  const argumentWords = (name: PromptArgument) => t(`search.prompts.args.${name}`);
  return (
    <Section title={t('search.prompts.title')} description={t('search.prompts.howTo')}>
      {prompts.length === 0 ? (
        <p className="muted" data-testid="prompts-none">
          {promptsOn ? t('search.prompts.searchOff') : t('search.prompts.off')}
        </p>
      ) : (
        <ul className="prompt-list" data-testid="prompt-list">
          {prompts.map((prompt) => (
            <li key={prompt.name} className="prompt-item" data-testid={`prompt-${prompt.name}`}>
              <p className="setting-title">
                {prompt.title} <code>{t('search.prompts.command', { name: prompt.name })}</code>
              </p>
              <p className="muted">{prompt.description}</p>
              <p className="muted">
                {t('search.prompts.asks', {
                  arguments: prompt.arguments.map((a) => argumentWords(a.name)).join(', '),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
