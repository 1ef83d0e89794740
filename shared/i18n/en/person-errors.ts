// The person's voice of every error code (shared/errors/person-errors.ts): a plain title and one
// next step. What an AI app reads stays in shared/errors/errors.ts (English, the seeds' contract).
export const personErrors = {
  tryAgain: 'Try again. If it keeps happening, restart FolderGate.',
  newSearch: 'Select Search to start again from the first page.',
  generic: 'Something went wrong',
  InvalidDateTime: {
    title: 'A date or time could not be read',
    fix: 'Pick the date and time again, or clear the field.',
  },
  InvalidRange: {
    title: 'The end of the time range is before its start',
    fix: 'Choose a “To” date after the “From” date, or clear one of them.',
  },
  InvalidEnum: {
    title: 'One of the choices is not one FolderGate knows',
    fix: 'Select Reset and choose again.',
  },
  LimitOutOfRange: {
    title: 'The number of results per page is out of range',
    fix: 'Choose a number from {{min}} to {{max}}.',
  },
  GlobTooLong: {
    title: 'The name pattern is too long',
    fix: 'Shorten the pattern under More options (at most {{max}} characters), or clear it.',
  },
  PathTooLong: {
    title: 'The folder location is too long',
    fix: 'Use a shorter subfolder, or leave “Start in subfolder” empty.',
  },
  CursorTooLong: { title: 'The next page could not be loaded' },
  MaxDepthOutOfRange: {
    title: 'The depth is too large',
    fix: 'Choose a depth from 0 to {{max}}, or leave it empty for no limit.',
  },
  RootNotAllowed: {
    title: 'That folder is not one you allowed',
    fix: 'Choose one of your folders, or add this one on the Folders screen first.',
  },
  PathNotRelative: {
    title: 'The subfolder must be inside the chosen folder',
    fix: 'Type a subfolder such as reports/2025, not a full location that starts with a drive or “/”.',
  },
  PathTraversalDetected: {
    title: 'That subfolder leads outside the chosen folder',
    fix: 'Remove “..” from “Start in subfolder”, or leave it empty to search the whole folder.',
  },
  SymlinkEscapeDetected: {
    title: 'That subfolder is a shortcut to a place outside the chosen folder',
    fix: 'Search the real folder instead: FolderGate never follows shortcuts out of an allowed folder.',
  },
  AccessDenied: {
    title: 'This computer does not let FolderGate read that folder',
    fix: 'Choose another folder, or give your user account permission to read this one.',
  },
  CursorInvalid: { title: 'The next page belongs to a different search' },
  CursorVersionMismatch: { title: 'The next page was made by another version of FolderGate' },
  CursorSortMismatch: { title: 'The order changed since the first page' },
  ScanLimitExceeded: {
    title: 'The folder is too big to search in one go',
    fix: 'Start in a subfolder, choose a file type or name, or shorten the time range; or raise the limits under Advanced › Search limits.',
  },
  TimeoutExceeded: {
    title: 'The search took too long',
    fix: 'Search a smaller folder or a shorter time range, or allow more time under Advanced › Search limits; then try again.',
  },
  IOFailure: {
    title: 'A file or folder could not be read',
    fix: 'Try again in a moment. If it keeps happening, search a smaller folder.',
    catalogTitle: 'The logic catalog folder cannot be read',
    catalogFix: 'Check that the folder still exists and that you may open it, or choose it again.',
  },
  InvalidArgument: {
    title: 'The search could not be understood',
    fix: 'Select Reset and fill in the form again.',
    patternTitle: 'The name pattern is not valid',
    patternFix:
      'Fix or clear the pattern under More options (for example *.pdf), or use “Name contains” instead.',
  },
  NoAllowedRoots: { title: 'No folder is allowed yet', fix: 'Add a folder on the Folders screen.' },
  RootReplaced: {
    title: 'This folder was moved or replaced',
    namedTitle: 'The folder “{{name}}” was moved or replaced',
    fix: 'On the Folders screen, check where it leads now: choose “Use this folder” if it is the folder you want, or remove it.',
  },
  PathNotFound: {
    catalogTitle: 'The logic catalog folder was not found',
    catalogFix: 'Choose the catalog folder again.',
    folderTitle: 'The folder is no longer there',
    folderNamedTitle: 'The folder “{{name}}” is no longer there',
    folderFix: 'Reconnect the drive it is on, or remove it and add it again on the Folders screen.',
    title: 'That subfolder was not found',
    namedTitle: '“{{name}}” was not found',
    fix: 'Check the spelling of “Start in subfolder”, or leave it empty to search the whole folder.',
  },
  PathExcluded: {
    title: 'That subfolder is left out',
    fix: 'You leave it out of AI apps’ sight on the Folders screen; search another subfolder, or change “Leave out” there.',
  },
  NotADirectory: {
    catalogTitle: 'The logic catalog is a file, not a folder',
    catalogFix: 'Choose the folder that holds the catalog.',
    title: 'That is a file, not a folder',
    fix: 'Type the folder that holds it, or leave “Start in subfolder” empty.',
  },
  AccessPaused: {
    title: 'AI access is paused',
    fix: 'Select “Resume AI access” to let AI apps — and this preview — search again.',
  },
  ToolDisabled: {
    title: 'This kind of search is switched off',
    fix: 'Switch it on again on the Control screen if AI apps should use it.',
  },
  ApprovalUnavailable: {
    title: 'Nobody was there to allow the request',
    fix: 'Keep FolderGate open while AI apps work, so you can answer when one asks.',
  },
  DeniedByUser: {
    title: 'You refused this request',
    fix: 'Nothing to do. If that was a mistake, ask the AI app to try again and choose Allow.',
  },
  NOT_FOUND: {
    noCatalogTitle: 'No logic catalog is chosen',
    noCatalogFix: 'Choose a catalog folder on this screen.',
    title: 'That logic is not in the catalog',
    fix: 'Choose one from the list; select Reload if the catalog has just changed.',
  },
  InvalidLogic: {
    title: 'This logic has a mistake in its files',
    fix: 'Open its files in the catalog folder and fix them; the exact reason is under Details.',
  },
  InvalidPayload: {
    title: 'FolderGate could not understand this request',
    nameTitle: 'This name cannot be used',
    nameFix: 'Choose another name.',
  },
  UnknownChannel: {
    title: 'This window does not match the running FolderGate',
    fix: 'Reload the window. If it keeps happening, restart FolderGate.',
  },
  ForbiddenSender: {
    title: 'FolderGate refused a request from this window',
    fix: 'Open FolderGate through the link it printed when it started.',
  },
  Unsupported: {
    title: 'This is not available here',
    fix: 'Use the FolderGate desktop app for this.',
  },
  InvalidFolder: { title: 'This folder cannot be used', fix: 'Choose another folder.' },
  NotFound: { title: 'It is no longer there', fix: 'Refresh and try again.' },
  ServerUnavailable: {
    title: 'The preview engine is not running',
    fix: 'Wait a moment and try again. Advanced › Preview engine shows why and can restart it.',
  },
  SearchStopped: {
    title: 'You stopped the search',
    fix: 'Search again when you are ready, perhaps in a smaller folder or time range.',
  },
  SettingsReadOnly: {
    title: 'FolderGate cannot change its settings file',
    fix: 'Update FolderGate, or move the settings file away and restart FolderGate.',
  },
  SettingsUnusable: {
    title: 'Your settings file has a mistake, so nothing was changed',
    fix: 'Fix the file in a text editor (Details say where), or choose “Start over” in the notice at the top: FolderGate keeps the old file and begins again with default settings.',
  },
  Internal: { title: 'Something went wrong inside FolderGate' },
  SettingsNotSaved: {
    title: 'Your change was not saved',
    fix: 'Check that the disk is not full, then try again. If it keeps happening, restart FolderGate.',
  },
  ClientConfigUnreadable: {
    title: 'The app’s settings file has a mistake',
    placedTitle: 'The app’s settings file has a mistake (line {{line}}, column {{column}})',
    fix: 'Open {{file}} in a text editor and fix it, then select Check again. Do not delete it: it holds the app’s other settings too. FolderGate leaves it untouched.',
    placedFix:
      'Open {{file}} in a text editor and fix line {{line}}, then select Check again. Do not delete it: it holds the app’s other settings too. FolderGate leaves it untouched.',
    theFile: 'the file',
  },
  ClientConfigReadOnly: {
    title: 'FolderGate is not allowed to change the app’s settings file',
    fix: 'Make {{file}} writable for your user account (or close the app that keeps it locked), then try again.',
  },
  NothingToUndo: { title: 'There is nothing to undo', fix: 'Use Connect or Disconnect instead.' },
  UndoConflict: {
    title: 'The app’s settings changed after FolderGate’s last change',
    fix: 'Use Disconnect to remove only FolderGate’s entry; Undo would lose the newer changes.',
  },
  ClientConfigBusy: {
    title: 'The app kept changing its settings file',
    fix: 'Close the app, then try again.',
  },
  ClientConfigDanglingLink: {
    title: 'The app’s settings file is a shortcut to a file that is missing',
    fix: 'Put the missing file back (for example, reconnect the drive or folder it is on), then try again. FolderGate does not replace the shortcut.',
  },
  ServerBundleMissing: {
    title: 'Part of FolderGate is missing',
    fix: 'Reinstall FolderGate (or build it again if you run it from its source).',
  },
  MissingAccessKey: {
    title: 'This page was opened without its access key',
    fix: 'Open the full link that FolderGate printed when it started (it ends with #token=…).',
  },
  Unauthorized: {
    title: 'The access key of this page is out of date',
    fix: 'Open the link FolderGate printed the last time it started.',
  },
  Forbidden: {
    title: 'FolderGate refused this page',
    fix: 'Open FolderGate through the exact link it printed (http://127.0.0.1:…).',
  },
  HostUnreachable: {
    title: 'FolderGate is not answering',
    fix: 'Check that FolderGate is still running, then reload this page.',
  },
  BadResponse: { title: 'FolderGate gave an answer this page cannot use' },
  Unknown: { title: 'Something went wrong' },
} as const;
