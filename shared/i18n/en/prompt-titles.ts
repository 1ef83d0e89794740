// The prompts' titles in English (what an AI app lists, and what Activity names): apart from
// the rest of the prompts' words (./prompts.ts), so the window's Activity needs only these.
export const promptTitles = {
  recent_files: 'Recent files',
  what_changed: 'What changed',
  find_documents: 'Find documents',
};

/** The titles' shape (the English ones are the reference). */
export type PromptTitles = Record<keyof typeof promptTitles, string>;
