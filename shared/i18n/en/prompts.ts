// FolderGate's prompts (MCP prompts/list and prompts/get) in English: what a person picks in their
// AI app ("/recent_files") and the message it puts in the chat. Unlike the rest of the catalog,
// these words are read by the MCP servers too (shared/prompts/prompts.ts), without i18next: a
// prompt is the person's own message, so it speaks their language. Placeholders are i18next's
// ({{name}}, {{name, josa(p:이/가)}}), filled by shared/prompts/fill.ts.
import { promptTitles } from './prompt-titles.js';

export const promptWords = {
  prompts: {
    recent_files: {
      title: promptTitles.recent_files,
      description: 'The files changed in one of your allowed folders in a period, newest first.',
    },
    what_changed: {
      title: promptTitles.what_changed,
      description: 'What changed in all your allowed folders in a period.',
    },
    find_documents: {
      title: promptTitles.find_documents,
      description:
        'Files of one kind (documents, spreadsheets, images…) changed in a period, in all your allowed folders.',
    },
  },
  args: {
    folder: 'The allowed folder to look in: {{folders}}.',
    noFolder: 'The allowed folder to look in (no folder is allowed yet: add one in FolderGate).',
    period: 'When: {{periods}}, "last N days", or a date (YYYY-MM-DD).',
    kind: 'What kind of files: {{kinds}}.',
  },
  periods: {
    today: 'today',
    yesterday: 'yesterday',
    this_week: 'this week',
    last_7_days: 'last 7 days',
    this_month: 'this month',
    last_30_days: 'last 30 days',
    last_month: 'last month',
  },
  lastDays: 'last {{count}} days',
  kinds: {
    documents: 'documents',
    spreadsheets: 'spreadsheets',
    presentations: 'presentations',
    pdfs: 'PDFs',
    images: 'images',
    audio: 'audio',
    video: 'video',
    code: 'code',
    archives: 'archives',
  },
  messages: {
    recent_files:
      'Show me the files changed in my folder "{{folder}}", newest first. Period: {{period}} ({{range}}).',
    what_changed:
      'What changed in my folders? Period: {{period}} ({{range}}). Sum it up by folder: what was added or edited, and anything that stands out.',
    find_documents: 'Find my {{kind}} changed in my folders. Period: {{period}} ({{range}}).',
    callOne: "Use FolderGate's tool {{tool}} with these arguments:",
    callEach:
      "Use FolderGate's tool {{tool}} once for each of these folders, with these arguments:",
    approval:
      'FolderGate may ask me to approve the search first; if it does, wait for my answer. If a search says there are more matches, ask for the next page.',
    since: 'since {{from}}',
    between: 'from {{from}} until {{to}}',
  },
  errors: {
    unknownPrompt: {
      message: 'FolderGate has no prompt named "{{name}}".',
      fix: 'Use one of: {{names}}.',
    },
    off: {
      message: "The person switched off FolderGate's prompts.",
      fix: 'Tell the person they can switch prompts on in FolderGate (Control).',
    },
    searchOff: {
      message: 'The person switched off the search these prompts use.',
      fix: 'Tell the person they can switch the search on in FolderGate (Control).',
    },
    missing: {
      message: 'The argument "{{name}}" is missing.',
      fix: 'Give {{name}}: {{hint}}',
    },
    unknownFolder: {
      message: 'No allowed folder is named "{{folder}}".',
      fix: 'Use one of your allowed folders: {{folders}}.',
    },
    noFolders: {
      message: 'No folder is allowed in FolderGate yet.',
      fix: 'Add a folder in FolderGate (Folders), then try again.',
    },
    badPeriod: {
      message: '"{{period}}" is not a period FolderGate knows.',
      fix: 'Use {{periods}}, "last N days" (up to 366), or a date (YYYY-MM-DD).',
    },
    badKind: {
      message: '"{{kind}}" is not a kind of file FolderGate knows.',
      fix: 'Use one of: {{kinds}}.',
    },
    kindNotAllowed: {
      message: 'None of your allowed folders lets AI apps see {{kind}}.',
      fix: 'Choose another kind, or allow these file types for a folder in FolderGate (Folders).',
    },
  },
};

/** The shape every language's prompt words have (the English ones are the reference). */
export type PromptWords = typeof promptWords;
