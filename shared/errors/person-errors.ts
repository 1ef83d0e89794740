// The person's voice of an error. An AI app reads the 3-line text (shared/errors.ts: code, message,
// fix written for a program that can change its arguments); the person using FolderGate reads a
// plain title and one next step they can take, from this one table. The code and the AI's text
// stay reachable under "Details" in the UI (renderer ErrorCallout).
import type { AppErrorCode } from './error-codes.js';
import type { ErrorCode, ErrorParams } from './errors.js';
import { SEARCH_LIMITS } from '../tools/search-names.js';

/** What a person is told about an error: what happened, and what they can do next. */
export interface PersonError {
  title: string;
  fix: string;
}

/** The parts of an error the table reads (an IpcError or a parsed tool error). */
export interface ErrorParts {
  code: string;
  message: string;
  fix: string;
  /** What it is about, in parts (the table never reads the English message back). */
  params?: ErrorParams | undefined;
}

type Entry = PersonError | ((error: ErrorParts) => PersonError);

/** Every code a person can meet: the tools' and the one registry's (error-codes.ts). */
export type PersonErrorCode = ErrorCode | AppErrorCode;

const TRY_AGAIN = 'Try again. If it keeps happening, restart FolderGate.';
const NEW_SEARCH = 'Select Search to start again from the first page.';

/** A message written by FolderGate for people, as a title: one sentence, no closing period. */
function asTitle(message: string, fallback: string): string {
  const text = message.trim().replace(/\.$/, '');
  return text === '' ? fallback : text;
}

const about = (error: ErrorParts, what: NonNullable<ErrorParams['about']>): boolean =>
  error.params?.about === what;
const aboutCatalog = (error: ErrorParts): boolean => about(error, 'logic-catalog');

const PERSON_ERRORS = {
  // The search's own checks (the form checks most of these before it sends anything).
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
    fix: `Choose a number from ${SEARCH_LIMITS.limitMin} to ${SEARCH_LIMITS.limitMax}.`,
  },
  GlobTooLong: {
    title: 'The name pattern is too long',
    fix: `Shorten the pattern under More options (at most ${SEARCH_LIMITS.globMaxLength} characters), or clear it.`,
  },
  PathTooLong: {
    title: 'The folder location is too long',
    fix: 'Use a shorter subfolder, or leave “Start in subfolder” empty.',
  },
  CursorTooLong: { title: 'The next page could not be loaded', fix: NEW_SEARCH },
  MaxDepthOutOfRange: {
    title: 'The depth is too large',
    fix: `Choose a depth from 0 to ${SEARCH_LIMITS.maxDepthCeiling}, or leave it empty for no limit.`,
  },

  // Attempts to reach outside the allowed folders: refused, and said plainly.
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

  // A page that no longer fits its search.
  CursorInvalid: { title: 'The next page belongs to a different search', fix: NEW_SEARCH },
  CursorVersionMismatch: {
    title: 'The next page was made by another version of FolderGate',
    fix: NEW_SEARCH,
  },
  CursorSortMismatch: { title: 'The order changed since the first page', fix: NEW_SEARCH },

  // Limits.
  ScanLimitExceeded: {
    title: 'The folder is too big to search in one go',
    fix: 'Start in a subfolder, choose a file type or name, or shorten the time range; or raise the limits under Advanced › Search limits.',
  },
  TimeoutExceeded: {
    title: 'The search took too long',
    fix: 'Search a smaller folder or a shorter time range, or allow more time under Advanced › Search limits; then try again.',
  },
  IOFailure: (error) =>
    aboutCatalog(error)
      ? {
          title: 'The logic catalog folder cannot be read',
          fix: 'Check that the folder still exists and that you may open it, or choose it again.',
        }
      : {
          title: 'A file or folder could not be read',
          fix: 'Try again in a moment. If it keeps happening, search a smaller folder.',
        },

  // FolderGate's additions.
  InvalidArgument: (error) =>
    about(error, 'name-pattern')
      ? {
          title: 'The name pattern is not valid',
          fix: 'Fix or clear the pattern under More options (for example *.pdf), or use “Name contains” instead.',
        }
      : {
          title: 'The search could not be understood',
          fix: 'Select Reset and fill in the form again.',
        },
  NoAllowedRoots: {
    title: 'No folder is allowed yet',
    fix: 'Add a folder on the Folders screen.',
  },
  RootReplaced: (error) => {
    const name = error.params?.name;
    return {
      title: name
        ? `The folder “${name}” was moved or replaced`
        : 'This folder was moved or replaced',
      fix: 'On the Folders screen, check where it leads now: choose “Use this folder” if it is the folder you want, or remove it.',
    };
  },
  PathNotFound: (error) => {
    if (aboutCatalog(error)) {
      return {
        title: 'The logic catalog folder was not found',
        fix: 'Choose the catalog folder again.',
      };
    }
    const name = error.params?.name;
    return about(error, 'allowed-folder')
      ? {
          title: name ? `The folder “${name}” is no longer there` : 'The folder is no longer there',
          fix: 'Reconnect the drive it is on, or remove it and add it again on the Folders screen.',
        }
      : {
          title: name ? `“${name}” was not found` : 'That subfolder was not found',
          fix: 'Check the spelling of “Start in subfolder”, or leave it empty to search the whole folder.',
        };
  },
  NotADirectory: (error) =>
    aboutCatalog(error)
      ? {
          title: 'The logic catalog is a file, not a folder',
          fix: 'Choose the folder that holds the catalog.',
        }
      : {
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
  NOT_FOUND: (error) =>
    about(error, 'no-logic-catalog')
      ? { title: 'No logic catalog is chosen', fix: 'Choose a catalog folder on this screen.' }
      : {
          title: 'That logic is not in the catalog',
          fix: 'Choose one from the list; select Reload if the catalog has just changed.',
        },
  InvalidLogic: {
    title: 'This logic has a mistake in its files',
    fix: 'Open its files in the catalog folder and fix them; the exact reason is under Details.',
  },

  // The app's own errors (shared/ipc.ts).
  InvalidPayload: (error) =>
    about(error, 'folder-name')
      ? { title: asTitle(error.message, 'This name cannot be used'), fix: error.fix }
      : { title: 'FolderGate could not understand this request', fix: TRY_AGAIN },
  UnknownChannel: {
    title: 'This window does not match the running FolderGate',
    fix: 'Reload the window. If it keeps happening, restart FolderGate.',
  },
  ForbiddenSender: {
    title: 'FolderGate refused a request from this window',
    fix: 'Open FolderGate through the link it printed when it started.',
  },
  Unsupported: (error) => ({
    title: asTitle(error.message, 'This is not available here'),
    fix: error.fix || 'Use the FolderGate desktop app for this.',
  }),
  InvalidFolder: (error) => ({
    title: asTitle(error.message, 'This folder cannot be used'),
    fix: error.fix || 'Choose another folder.',
  }),
  NotFound: (error) => ({
    title: asTitle(error.message, 'It is no longer there'),
    fix: error.fix || 'Refresh and try again.',
  }),
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
  Internal: { title: 'Something went wrong inside FolderGate', fix: TRY_AGAIN },
  SettingsNotSaved: {
    title: 'Your change was not saved',
    fix: 'Check that the disk is not full, then try again. If it keeps happening, restart FolderGate.',
  },

  // Connecting AI apps (app-core/ai-apps/client-errors.ts).
  ClientConfigUnreadable: (error) => {
    const { file, line, column } = error.params ?? {};
    const place = line === undefined ? '' : ` (line ${line}, column ${column})`;
    return {
      title: `The app’s settings file has a mistake${place}`,
      fix: `Open ${file ?? 'the file'} in a text editor and fix ${line === undefined ? 'it' : `line ${line}`}, then select Check again. Do not delete it: it holds the app’s other settings too. FolderGate leaves it untouched.`,
    };
  },
  ClientConfigReadOnly: (error) => {
    const file = error.params?.file;
    return {
      title: 'FolderGate is not allowed to change the app’s settings file',
      fix: `Make ${file ?? 'the file'} writable for your user account (or close the app that keeps it locked), then try again.`,
    };
  },
  NothingToUndo: {
    title: 'There is nothing to undo',
    fix: 'Use Connect or Disconnect instead.',
  },
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

  // The web page's own errors (renderer/src/bridge.ts).
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
  BadResponse: { title: 'FolderGate gave an answer this page cannot use', fix: TRY_AGAIN },
  Unknown: { title: 'Something went wrong', fix: TRY_AGAIN },
} satisfies Record<PersonErrorCode, Entry>;

/** Every code the table covers. */
export const PERSON_ERROR_CODES = Object.keys(PERSON_ERRORS) as PersonErrorCode[];

/** True when the table has an entry for `code`. */
export function hasPersonError(code: string): code is PersonErrorCode {
  return Object.hasOwn(PERSON_ERRORS, code);
}

/** The person's title and next step for an error; a generic pair for a code the table lacks. */
export function personError(error: ErrorParts): PersonError {
  if (!hasPersonError(error.code)) {
    return { title: 'Something went wrong', fix: error.fix || TRY_AGAIN };
  }
  const entry: Entry = PERSON_ERRORS[error.code];
  return typeof entry === 'function' ? entry(error) : entry;
}
