// The user's path in a browser against the real headless host (`foldergate web`): first run →
// add a folder by typing its path (live check) → search preview of files made by this test (File
// type, Name contains) → Next and Previous → a range checked as typed → an error in plain words
// → pause (preview refused) → resume → logic catalog → server.
import { expect, makeCatalog, test } from './fixtures.js';
import {
  ALL_FILES,
  FOLDER_NAME,
  addFolderByPath,
  badRange,
  createdTime,
  fileTypeAndName,
  firstRun,
  foldersScreen,
  logicCatalog,
  nestedFolderRefused,
  nextPage,
  pauseAndResume,
  plainError,
  readSettings,
  searchPreview,
  serverScreen,
  setCatalogByPath,
} from './user-path-steps.js';

test('a new user sets up FolderGate and previews what AI apps can find', async ({
  app: page,
  host,
  workDir,
  makeFolder,
  shot,
}) => {
  const dir = await makeFolder('my-files', ALL_FILES);
  const catalog = await makeCatalog(workDir);
  // The screens issue 22 reworked are also kept at 900 px and in the dark theme.
  const ALL_VARIANTS = new Set(['folders', 'search-results', 'advanced-about']);
  const screen = (name: string): Promise<void> =>
    shot(page, name, ALL_VARIANTS.has(name) ? 'all' : undefined);

  // The headless host has no native dialog: the folder is typed and checked as you type.
  await test.step('first run: add a folder by its path', async () => {
    await firstRun(page, dir, addFolderByPath, screen);
    const settings = await readSettings(host.home);
    expect(settings).toMatchObject({
      firstRunCompleted: true,
      roots: [{ path: dir, name: FOLDER_NAME }],
    });
  });

  await test.step('folders screen', async () => {
    await foldersScreen(page, dir, screen);
    await nestedFolderRefused(page, dir);
  });

  await test.step('search preview finds the files made by the test', () =>
    searchPreview(page, screen));
  await test.step('File type and Name contains, whatever the case', () => fileTypeAndName(page));
  await test.step('created time explained, also when it finds nothing', () => createdTime(page));
  await test.step('small pages fetched one after another by themselves', () => nextPage(page));
  await test.step('a range and a number checked as they are typed', () => badRange(page, screen));
  await test.step('an error in plain words, the code under Details', () =>
    plainError(page, screen));
  await test.step('pause refuses the preview, resume allows it again', () =>
    pauseAndResume(page, host.home, screen));
  await test.step('logic catalog browse', () =>
    logicCatalog(page, host.home, catalog, setCatalogByPath, screen));
  await test.step('server status', () => serverScreen(page, screen));
});
