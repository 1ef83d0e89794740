// The prompts' names and their titles in each language, apart from the prompts themselves
// (prompts.ts): what the window's Activity needs to say "used the prompt Recent files" without
// the prompts' words, periods and kinds, which only the Search preview and the servers load.
import type { Language } from '../i18n/languages.js';
import { promptTitles as EN } from '../i18n/en/prompt-titles.js';
import { promptTitles as KO } from '../i18n/ko/prompt-titles.js';

/** The prompts, in the order they are listed. */
export const PROMPT_NAMES = ['recent_files', 'what_changed', 'find_documents'] as const;
/** One of {@link PROMPT_NAMES}. */
export type PromptName = (typeof PROMPT_NAMES)[number];

/** A prompt's title in `language` ("Recent files", "최근 파일"). */
export function promptTitle(name: PromptName, language: Language): string {
  return (language === 'ko' ? KO : EN)[name];
}
