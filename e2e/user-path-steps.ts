// The user's path through the app, as steps shared by the browser (headless host) and the
// Electron specs: first run (connecting an AI app is skipped here; ai-apps.spec.ts does it) →
// add a folder → search preview (File type, Name contains) → Next and Previous → a range checked
// as typed → an error in plain words → pause (preview refused) → resume → logic catalog → server.
// Only how a folder is chosen differs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { FileSpec } from './fixtures.js';

/** A local date-time in March 2024 (the month the searches look at). */
const march = (day: number): Date => new Date(2024, 2, day, 12, 0, 0);

/** Files inside the searched range, newest first (the preview's default order). */
export const IN_RANGE: { name: string; file: FileSpec }[] = [
  { name: 'invoice-march.pdf', file: { path: 'invoice-march.pdf', mtime: march(11) } },
  { name: 'q1-summary.docx', file: { path: 'reports/q1-summary.docx', mtime: march(10) } },
  {
    name: 'beach.jpg',
    file: { path: 'photos/beach.jpg', mtime: march(9), content: 'x'.repeat(2_500) },
  },
  { name: 'meeting.txt', file: { path: 'notes/meeting.txt', mtime: march(8) } },
  { name: 'budget.xlsx', file: { path: 'budget.xlsx', mtime: march(7) } },
  { name: 'draft.md', file: { path: 'reports/draft.md', mtime: march(6) } },
  { name: 'todo.txt', file: { path: 'todo.txt', mtime: march(5) } },
  // Upper-case extensions and a name with "pdf" in it: File type and Name contains ignore case.
  { name: 'IMG_2041.JPG', file: { path: 'photos/IMG_2041.JPG', mtime: march(4) } },
  { name: 'pdf-notes.txt', file: { path: 'notes/pdf-notes.txt', mtime: march(3) } },
  { name: 'Report.PDF', file: { path: 'reports/Report.PDF', mtime: march(2) } },
  // A long name without a place to break: it wraps inside its column at 760–900 px.
  {
    name: 'Quarterly_financial_statement_for_the_board_meeting_final_version_2.docx',
    file: {
      path: 'reports/board/Quarterly_financial_statement_for_the_board_meeting_final_version_2.docx',
      mtime: march(1),
    },
  },
];

/** Files outside it: they must never show up. */
export const OUT_OF_RANGE: { name: string; file: FileSpec }[] = [
  {
    name: 'archive-2023.zip',
    file: { path: 'old/archive-2023.zip', mtime: new Date(2023, 5, 1, 12) },
  },
  { name: 'may-plan.txt', file: { path: 'later/may-plan.txt', mtime: new Date(2024, 4, 15, 12) } },
];

/** Every file the folder holds. */
export const ALL_FILES: FileSpec[] = [...IN_RANGE, ...OUT_OF_RANGE].map((f) => f.file);

/** The name given to the allowed folder. */
export const FOLDER_NAME = 'Test files';

/** Takes a screenshot of the current screen under `name`. */
export type Shot = (name: string) => Promise<void>;

/** Adds `dir` as an allowed folder (path entry in the browser, the stubbed dialog in Electron). */
export type AddFolderStep = (page: Page, dir: string) => Promise<void>;

/** The headless fallback: type the path and watch the live check, then add. */
export const addFolderByPath: AddFolderStep = async (page, dir) => {
  const input = page.getByTestId('folder-path-input');
  await input.fill(path.join(dir, 'no-such-folder'));
  await expect(page.getByTestId('folder-check-error')).toHaveText('This folder does not exist.');
  await expect(page.getByTestId('add-folder')).toBeDisabled();
  await input.fill(dir);
  await expect(page.getByTestId('folder-check')).toContainText(`Ready to add ${dir}`);
  await expect(page.getByTestId('folder-check-error')).toHaveCount(0);
  await page.getByTestId('folder-name-input').fill(FOLDER_NAME);
  await page.getByTestId('add-folder').click();
};

/** The names in the results table, top to bottom. */
export function resultNames(page: Page) {
  return page.getByTestId('search-row').locator('.path-name');
}

/** The first run's "Connect your AI app" step, from its heading to leaving it. */
export type ConnectStep = (page: Page) => Promise<void>;

/** Leaves the connect step without connecting anything (whatever apps it found). */
export const skipConnect: ConnectStep = async (page) => {
  await expect(page.getByRole('heading', { name: 'Connect your AI app' })).toBeVisible();
  await expect(page.getByTestId('first-run-connect-continue')).toBeEnabled();
  await page.getByTestId('first-run-connect-continue').click();
};

/** First run: welcome → choose folders (adds `dir`) → connect an AI app → done → the app. */
export async function firstRun(
  page: Page,
  dir: string,
  addFolder: AddFolderStep,
  shot: Shot,
  connect: ConnectStep = skipConnect,
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to FolderGate' })).toBeVisible();
  await shot('first-run');
  await page.getByTestId('first-run-start').click();
  await expect(
    page.getByRole('heading', { name: 'Choose the folders AI may search' }),
  ).toBeVisible();
  await expect(page.getByTestId('first-run-continue')).toHaveText('Continue without folders');
  await addFolder(page, dir);
  const added = page.getByTestId('first-run-roots');
  await expect(added).toContainText(FOLDER_NAME);
  await expect(added).toContainText(dir);
  await expect(added).toContainText('Default');
  await shot('first-run-folders');
  await page.getByTestId('first-run-continue').click();
  await connect(page);
  await expect(page.getByRole('heading', { name: 'You’re all set' })).toBeVisible();
  await expect(page.getByText('AI apps may now search 1 folder.')).toBeVisible();
  await page.getByTestId('first-run-finish').click();
  await expect(page.getByTestId('nav-folders')).toBeVisible();
}

/** Folders: the new root is listed as available and default; a nested path gets a warning. */
export async function foldersScreen(page: Page, dir: string, shot: Shot): Promise<void> {
  await page.getByTestId('nav-folders').click();
  const row = page.getByTestId('root-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(FOLDER_NAME);
  await expect(row).toContainText(dir);
  // A folder that works carries no badge; the default says so in words.
  await expect(row.locator('.badge')).toHaveCount(0);
  await expect(row.getByTestId('default-note')).toHaveText(/^The default folder/);
  await shot('folders');
}

/** Headless only: a folder inside the allowed one is "already included" and cannot be added. */
export async function nestedFolderRefused(page: Page, dir: string): Promise<void> {
  await page.getByTestId('open-add-folder').click();
  await expect(page.getByTestId('folder-path-input')).toBeFocused();
  await page.getByTestId('folder-path-input').fill(path.join(dir, 'reports'));
  await expect(page.getByTestId('folder-check-error')).toHaveText(
    `Already included in '${FOLDER_NAME}': AI apps can search this folder already.`,
  );
  await expect(page.getByTestId('add-folder')).toBeDisabled();
  await page.getByTestId('folder-path-input').fill('');
  await expect(page.getByTestId('folder-check-error')).toHaveCount(0);
  await page.getByTestId('close-add-folder').click();
  await expect(page.getByTestId('open-add-folder')).toBeFocused();
}

/** Fills the range of the search form (dates and times as typed, local time). */
async function setRange(page: Page, from: string, to: string): Promise<void> {
  // Typed as a person types a date and time ("2024-03-01 00:00").
  await page.getByTestId('search-from').fill(from.replace('T', ' '));
  await page.getByTestId('search-to').fill(to.replace('T', ' '));
}

/** Opens "More options" of the search form unless it is open already. */
async function openMoreOptions(page: Page): Promise<void> {
  const more = page.getByTestId('search-form').locator('details.advanced');
  if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
  await expect(more).toHaveAttribute('open', '');
}

/** Search preview: March 2024 finds exactly the files made for it, newest first. */
export async function searchPreview(page: Page, shot: Shot): Promise<void> {
  await page.getByTestId('nav-search').click();
  await expect(page.getByRole('heading', { name: 'Search preview' })).toBeVisible();
  // Every allowed folder by default.
  await expect(page.getByTestId('search-root')).toHaveValue('');
  await expect(page.getByTestId('search-root').locator('option:checked')).toHaveText(
    'All allowed folders (1)',
  );
  await setRange(page, '2024-03-01T00:00', '2024-04-01T00:00');
  await page.getByTestId('search-submit').click();
  // The answer is the heading: how many of what, when, where.
  const answer = new RegExp(
    `^${IN_RANGE.length} files changed between March 1 and April 1, in ${FOLDER_NAME}$`,
  );
  await expect(page.getByTestId('search-answer')).toHaveText(answer);
  await expect(resultNames(page)).toHaveText(IN_RANGE.map((f) => f.name));
  // Focus stays on the button the person pressed; the answer is announced.
  await expect(page.getByTestId('search-submit')).toBeFocused();
  await expect(page.getByTestId('search-announcement')).toHaveText(
    `${IN_RANGE.length} files changed between March 1 and April 1, in ${FOLDER_NAME}.`,
  );
  const table = page.getByTestId('search-table');
  for (const out of OUT_OF_RANGE) await expect(table).not.toContainText(out.name);
  // Folders are shown relative to the root, sizes human-readable; no "File" chip on every row.
  const beach = page.getByTestId('search-row').filter({ hasText: 'beach.jpg' });
  await expect(beach).toContainText('in photos');
  await expect(beach).toContainText(/2(\.\d)?\s?KB/);
  await expect(table.locator('.badge')).toHaveCount(0);
  // All shown: no "Show more"; the developer's figures only under Details, as label: value lines.
  await expect(page.getByTestId('search-show-more')).toHaveCount(0);
  await expect(page.getByTestId('search-results')).not.toContainText('Scanned');
  const details = page.getByTestId('search-details');
  await expect(details.getByTestId('search-stats')).toBeHidden();
  await details.locator('summary').click();
  await expect(details.getByTestId('search-stats')).toContainText(
    /Scanned:\s*\d+ files and \d+ folders/,
  );
  await expect(details.getByTestId('search-request')).toContainText('timeField:modified');
  await expect(details).not.toContainText('{');
  await details.locator('summary').click();
  await shot('search-results');
}

/**
 * File type and Name contains, case-insensitive: Images finds .JPG, "pdf" finds .PDF and
 * pdf-notes; folders are marked; a pattern typed under More options wins over both.
 */
export async function fileTypeAndName(page: Page): Promise<void> {
  const names = (list: string[]) => IN_RANGE.map((f) => f.name).filter((n) => list.includes(n));
  await page.getByTestId('search-file-type').selectOption({ label: 'Images' });
  await page.getByTestId('search-submit').click();
  await expect(resultNames(page)).toHaveText(names(['beach.jpg', 'IMG_2041.JPG']));

  await page.getByTestId('search-file-type').selectOption({ label: 'Any type' });
  await page.getByTestId('search-name').fill('pdf');
  await page.getByTestId('search-submit').click();
  await expect(resultNames(page)).toHaveText(
    names(['invoice-march.pdf', 'pdf-notes.txt', 'Report.PDF']),
  );

  // Both: a name part and a type must both hold; the pattern built for it is under Details.
  await page.getByTestId('search-name').fill('img_');
  await page.getByTestId('search-file-type').selectOption({ label: 'Images' });
  await page.getByTestId('search-submit').click();
  await expect(resultNames(page)).toHaveText(['IMG_2041.JPG']);
  await expect(page.getByTestId('search-request')).toContainText('glob:*[iI][mM][gG][_]*.{');

  // Folders, when asked for, are the rows marked as such (files carry no mark). A folder's
  // modified time is when the test filled it, so this looks at any time.
  await page.getByTestId('preset-any').click();
  await page.getByTestId('search-name').fill('PHOTOS');
  await page.getByTestId('search-file-type').selectOption({ label: 'Any type' });
  await openMoreOptions(page);
  await page.getByTestId('search-include-folders').check();
  await page.getByTestId('search-submit').click();
  const folder = page.getByTestId('search-row').filter({ hasText: 'photos' });
  await expect(folder).toHaveCount(1);
  await expect(folder.locator('.badge')).toHaveText('Folder');
  await expect(page.getByTestId('search-table').locator('.badge')).toHaveCount(1);
  await page.getByTestId('search-include-folders').uncheck();
  await page.getByTestId('search-name').fill('');
  await setRange(page, '2024-03-01T00:00', '2024-04-01T00:00');

  // A pattern typed under More options (for experts) is used instead of File type and Name
  // contains, and the form says so next to them.
  await page.getByTestId('search-file-type').selectOption({ label: 'PDFs' });
  await page.getByTestId('search-glob').fill('reports/*.md');
  await expect(page.getByTestId('search-file-type')).toHaveAccessibleDescription(
    /not used: the name pattern under More options is used instead/,
  );
  await page.getByTestId('search-submit').click();
  await expect(resultNames(page)).toHaveText(['draft.md']);
  await page.getByTestId('search-glob').fill('');
  await page.getByTestId('search-file-type').selectOption({ label: 'Any type' });
}

/**
 * Created time, explained next to the choice and again when it finds nothing: the test's files were
 * all created today (their modified times were set back to March), like copied files.
 */
export async function createdTime(page: Page): Promise<void> {
  const created = page.getByTestId('search-time-created');
  // The note is there only once Created is chosen, and describes that choice.
  await expect(page.locator('.search-created-note')).toHaveCount(0);
  await page.getByText('Created time', { exact: true }).click();
  await expect(created).toBeChecked();
  const noteId = await created.getAttribute('aria-describedby');
  const note = page.locator(`[id="${noteId}"]`);
  await expect(note).toBeVisible();
  await expect(note).toContainText(
    'copied or downloaded file counts as created when it was copied',
  );
  await page.getByTestId('search-submit').click();
  const nothing = page.getByTestId('search-nothing');
  await expect(nothing).toContainText('Nothing matched');
  await expect(nothing.getByTestId('search-created-note')).toContainText(
    'Searching by modified time may find what you are looking for.',
  );
  await page.getByText('Modified time', { exact: true }).click();
  await expect(page.getByTestId('search-time-modified')).toBeChecked();
  await expect(page.locator('.search-created-note')).toHaveCount(0);
}

/**
 * Small pages (4 per request): the preview fetches page after page by itself, through the
 * server's cursors, until the 25 rows it shows are there or nothing is left.
 */
export async function nextPage(page: Page): Promise<void> {
  const names = IN_RANGE.map((f) => f.name);
  await openMoreOptions(page);
  await page.getByTestId('search-limit').fill('4');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-answer')).toHaveText(new RegExp(`^${names.length} files`));
  await expect(resultNames(page)).toHaveText(names);
  await expect(page.getByTestId('search-show-more')).toHaveCount(0);
  // The last call was a later page: Details shows the cursor it sent.
  const details = page.getByTestId('search-details');
  await details.locator('summary').click();
  await expect(details.getByTestId('search-request')).toContainText('cursor:');
  await details.locator('summary').click();
  await page.getByTestId('search-limit').fill('100');
}

/**
 * A range that ends before it starts is flagged next to "To" as it is typed (nothing is sent), and
 * so is a number out of range; fixing them clears the message.
 */
export async function badRange(page: Page, shot: Shot): Promise<void> {
  const to = page.getByTestId('search-to');
  await setRange(page, '2024-04-01T00:00', '2024-03-01T00:00');
  const toError = page.getByTestId('search-to-error');
  await expect(toError).toHaveText('“To” must be later than “From”.');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await to.getAttribute('aria-describedby')) ?? '';
  expect(describedBy.split(' ')).toContain(await toError.getAttribute('id'));
  await expect(page.getByTestId('search-blocked')).toHaveText('Can’t search yet: check “To”.');
  const before = await resultNames(page).allTextContents();
  await page.getByTestId('search-submit').click();
  await expect(to).toBeFocused();
  await expect(page.getByTestId('search-error')).toHaveCount(0);
  expect(await resultNames(page).allTextContents()).toEqual(before);
  await shot('search-invalid');

  await page.getByTestId('search-limit').fill('0');
  await expect(page.getByTestId('search-limit-error')).toHaveText(
    'Enter a whole number from 1 to 1,000.',
  );
  await expect(page.getByTestId('search-limit')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('search-limit').fill('4');
  await setRange(page, '2024-03-01T00:00', '2024-04-01T00:00');
  await expect(page.getByTestId('search-to-error')).toHaveCount(0);
  await expect(to).not.toHaveAttribute('aria-invalid');
  await expect(page.getByTestId('search-blocked')).toHaveCount(0);
}

/** A start subfolder that leaves the folder: refused, said in plain words, the code under Details. */
export async function plainError(page: Page, shot: Shot): Promise<void> {
  await page.getByTestId('search-path').fill('../elsewhere');
  await page.getByTestId('search-submit').click();
  const error = page.getByTestId('search-error');
  await expect(error.getByTestId('error-title')).toHaveText(
    'That subfolder leads outside the chosen folder',
  );
  await expect(error.locator('.callout-fix')).toHaveText(
    'What to do: Remove “..” from “Start in subfolder”, or leave it empty to search the whole folder.',
  );
  // The code and the AI's own words wait, closed, under Details.
  await expect(error.locator('.error-code')).toBeHidden();
  await expect(error).not.toContainText(/root|glob/i, { useInnerText: true });
  await error.getByText('Details').click();
  await expect(error.locator('.error-code')).toHaveText('PathTraversalDetected');
  await expect(error.locator('pre')).toContainText('ErrorCode: PathTraversalDetected\nMessage: ');
  await expect(page.getByTestId('search-table')).toHaveCount(0);
  await shot('search-error');
  await page.getByTestId('search-path').fill('');
}

/** Pause AI access: the banner shows, settings.json says so, and the preview is refused. */
export async function pauseAndResume(page: Page, home: string, shot: Shot): Promise<void> {
  await setRange(page, '2024-03-01T00:00', '2024-04-01T00:00');
  await page.getByTestId('pause-switch').click();
  await expect(page.getByTestId('paused-banner')).toBeVisible();
  await expect(page.getByTestId('pause-switch')).toBeChecked();
  expect(await readSettings(home)).toMatchObject({ paused: true });
  await page.getByTestId('search-submit').click();
  // The person's own choice, said as information (not a red error), with where to undo it.
  const paused = page.getByTestId('search-paused');
  await expect(paused).toContainText('AI access is paused');
  await expect(paused).toContainText('Select “Resume AI access” at the top');
  await expect(paused.locator('.callout-info')).toBeVisible();
  await expect(page.getByTestId('search-error')).toHaveCount(0);
  await shot('paused');

  await page.getByTestId('resume-access').click();
  await expect(page.getByTestId('paused-banner')).toHaveCount(0);
  await expect(page.getByTestId('pause-switch')).not.toBeChecked();
  expect(await readSettings(home)).toMatchObject({ paused: false });
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-paused')).toHaveCount(0);
  await expect(resultNames(page)).toHaveText(IN_RANGE.map((f) => f.name));
}

/** Chooses the catalog folder: typed in the browser, the stubbed dialog in Electron. */
export type SetCatalogStep = (page: Page, catalog: string) => Promise<void>;

/** The headless fallback: type the catalog folder's path. */
export const setCatalogByPath: SetCatalogStep = async (page, catalog) => {
  await page.getByTestId('logic-catalog-input').fill(catalog);
  await page.getByTestId('logic-catalog-save').click();
};

/** Logic catalog: the tree, purchase_item's params and auth, and the invalid logic's reason. */
export async function logicCatalog(
  page: Page,
  home: string,
  catalog: string,
  setCatalog: SetCatalogStep,
  shot: Shot,
): Promise<void> {
  await page.getByTestId('nav-advanced').click();
  await page.getByTestId('tab-logic').click();
  await expect(page.getByTestId('logic-empty')).toBeVisible();
  await setCatalog(page, catalog);
  const tree = page.getByTestId('logic-tree');
  await expect(tree).toBeVisible();
  await expect(page.getByTestId('logic-item')).toHaveText([
    'users',
    'daily_sales',
    'purchase_item',
  ]);
  await expect(tree.locator('summary')).toHaveText(['admin', 'reports']);
  expect(await readSettings(home)).toMatchObject({ logicCatalog: catalog });

  await page.getByTestId('logic-item').filter({ hasText: 'purchase_item' }).click();
  const detail = page.getByTestId('logic-detail');
  await expect(detail.locator('.logic-title')).toHaveText('purchase_item');
  await expect(detail).toContainText('Sign-in required');
  await expect(detail).toContainText('authenticated');
  const params = detail.locator('tbody tr');
  await expect(params).toHaveCount(2);
  await expect(params.nth(0)).toHaveText(['user_id', 'string', 'Yes'].join(''));
  await expect(params.nth(1)).toHaveText(['item_id', 'string', 'Yes'].join(''));
  await expect(detail.locator('.sql-block')).toContainText('INSERT INTO purchases');

  const invalid = page.getByTestId('logic-invalid');
  await expect(invalid.locator('li')).toHaveCount(1);
  await expect(invalid).toContainText('broken_report');
  await expect(invalid.locator('.invalid-reason')).not.toBeEmpty();
  await shot('logic-catalog');
}

/** Server: the supervised server is running; the screen shows its status. */
export async function serverScreen(page: Page, shot: Shot): Promise<void> {
  await page.getByTestId('nav-advanced').click();
  await page.getByTestId('tab-limits').click();
  // Instant search: on, with what it holds now.
  await expect(page.getByRole('switch', { name: 'Instant search' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('instant-search-held')).toContainText(/^Holding [\d,]+ files/);
  await shot('advanced-instant-search');
  await page.getByTestId('tab-engine').click();
  await expect(page.getByTestId('server-state')).toHaveText('Running');
  await shot('advanced-engine');
  // About: what FolderGate never does, how to remove it, the parts inside it.
  await page.getByTestId('tab-about').click();
  await expect(page.getByTestId('about-privacy')).toContainText('never sends your files');
  await shot('advanced-about');
}

/** settings.json of a FOLDERGATE_HOME, parsed. */
export async function readSettings(home: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(home, 'settings.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}
