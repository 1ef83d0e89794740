// The person's voice of an error. An AI app reads the 3-line text (shared/errors.ts: code, message,
// fix written for a program that can change its arguments); the person using FolderGate reads a
// plain title and one next step they can take, from this one table. The code and the AI's text
// stay reachable under "Details" in the UI (renderer ErrorCallout).
import type { AppErrorCode } from './error-codes.js';
import type { ErrorCode, ErrorParams } from './errors.js';
import { SEARCH_LIMITS } from '../tools/search-names.js';
import { currentLanguage, t } from '../i18n/i18n.js';

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

type Entry = (error: ErrorParts) => PersonError;

/** Every code a person can meet: the tools' and the one registry's (error-codes.ts). */
export type PersonErrorCode = ErrorCode | AppErrorCode;

const tryAgain = (): string => t('personErrors.tryAgain');
const newSearch = (): string => t('personErrors.newSearch');

/**
 * A message written by FolderGate for people (the app's own English sentences), as a title: one
 * sentence, no closing period; in another language the table's own words (`fallback`).
 */
function asTitle(message: string, fallback: string): string {
  const text = message.trim().replace(/\.$/, '');
  return text === '' || currentLanguage() !== 'en' ? fallback : text;
}

/** The app's own fix sentence in English; the table's in another language. */
function asFix(fix: string, fallback: string): string {
  return fix === '' || currentLanguage() !== 'en' ? fallback : fix;
}

const about = (error: ErrorParts, what: NonNullable<ErrorParams['about']>): boolean =>
  error.params?.about === what;
const aboutCatalog = (error: ErrorParts): boolean => about(error, 'logic-catalog');

/** Codes whose words are one title and one fix in the catalog (personErrors.<code>). */
type Plain =
  | 'InvalidDateTime'
  | 'InvalidRange'
  | 'InvalidEnum'
  | 'PathTooLong'
  | 'RootNotAllowed'
  | 'PathNotRelative'
  | 'PathTraversalDetected'
  | 'SymlinkEscapeDetected'
  | 'PathExcluded'
  | 'AccessDenied'
  | 'ScanLimitExceeded'
  | 'TimeoutExceeded'
  | 'NoAllowedRoots'
  | 'AccessPaused'
  | 'ToolDisabled'
  | 'ApprovalUnavailable'
  | 'DeniedByUser'
  | 'InvalidLogic'
  | 'UnknownChannel'
  | 'ForbiddenSender'
  | 'ServerUnavailable'
  | 'SearchStopped'
  | 'SettingsReadOnly'
  | 'SettingsUnusable'
  | 'SettingsNotSaved'
  | 'NothingToUndo'
  | 'UndoConflict'
  | 'ClientConfigBusy'
  | 'ClientConfigDanglingLink'
  | 'ServerBundleMissing'
  | 'MissingAccessKey'
  | 'Unauthorized'
  | 'Forbidden'
  | 'HostUnreachable';

const plain =
  (code: Plain): Entry =>
  () => ({ title: t(`personErrors.${code}.title`), fix: t(`personErrors.${code}.fix`) });

/** Codes with a title only; their fix is one of the shared next steps. */
const titled =
  (
    code:
      | 'CursorTooLong'
      | 'CursorInvalid'
      | 'CursorVersionMismatch'
      | 'CursorSortMismatch'
      | 'Internal'
      | 'BadResponse'
      | 'Unknown',
    fix: () => string,
  ): Entry =>
  () => ({ title: t(`personErrors.${code}.title`), fix: fix() });

const PERSON_ERRORS = {
  // The search's own checks (the form checks most of these before it sends anything).
  InvalidDateTime: plain('InvalidDateTime'),
  InvalidRange: plain('InvalidRange'),
  InvalidEnum: plain('InvalidEnum'),
  LimitOutOfRange: () => ({
    title: t('personErrors.LimitOutOfRange.title'),
    fix: t('personErrors.LimitOutOfRange.fix', {
      min: SEARCH_LIMITS.limitMin,
      max: SEARCH_LIMITS.limitMax,
    }),
  }),
  GlobTooLong: () => ({
    title: t('personErrors.GlobTooLong.title'),
    fix: t('personErrors.GlobTooLong.fix', { max: SEARCH_LIMITS.globMaxLength }),
  }),
  PathTooLong: plain('PathTooLong'),
  CursorTooLong: titled('CursorTooLong', newSearch),
  MaxDepthOutOfRange: () => ({
    title: t('personErrors.MaxDepthOutOfRange.title'),
    fix: t('personErrors.MaxDepthOutOfRange.fix', { max: SEARCH_LIMITS.maxDepthCeiling }),
  }),

  // Attempts to reach outside the allowed folders: refused, and said plainly.
  RootNotAllowed: plain('RootNotAllowed'),
  PathNotRelative: plain('PathNotRelative'),
  PathTraversalDetected: plain('PathTraversalDetected'),
  SymlinkEscapeDetected: plain('SymlinkEscapeDetected'),
  AccessDenied: plain('AccessDenied'),

  // A page that no longer fits its search.
  CursorInvalid: titled('CursorInvalid', newSearch),
  CursorVersionMismatch: titled('CursorVersionMismatch', newSearch),
  CursorSortMismatch: titled('CursorSortMismatch', newSearch),

  // Limits.
  ScanLimitExceeded: plain('ScanLimitExceeded'),
  TimeoutExceeded: plain('TimeoutExceeded'),
  IOFailure: (error) =>
    aboutCatalog(error)
      ? {
          title: t('personErrors.IOFailure.catalogTitle'),
          fix: t('personErrors.IOFailure.catalogFix'),
        }
      : { title: t('personErrors.IOFailure.title'), fix: t('personErrors.IOFailure.fix') },

  // FolderGate's additions.
  InvalidArgument: (error) =>
    about(error, 'name-pattern')
      ? {
          title: t('personErrors.InvalidArgument.patternTitle'),
          fix: t('personErrors.InvalidArgument.patternFix'),
        }
      : {
          title: t('personErrors.InvalidArgument.title'),
          fix: t('personErrors.InvalidArgument.fix'),
        },
  NoAllowedRoots: plain('NoAllowedRoots'),
  RootReplaced: (error) => {
    const name = error.params?.name;
    return {
      title: name
        ? t('personErrors.RootReplaced.namedTitle', { name })
        : t('personErrors.RootReplaced.title'),
      fix: t('personErrors.RootReplaced.fix'),
    };
  },
  PathNotFound: (error) => {
    if (aboutCatalog(error)) {
      return {
        title: t('personErrors.PathNotFound.catalogTitle'),
        fix: t('personErrors.PathNotFound.catalogFix'),
      };
    }
    const name = error.params?.name;
    return about(error, 'allowed-folder')
      ? {
          title: name
            ? t('personErrors.PathNotFound.folderNamedTitle', { name })
            : t('personErrors.PathNotFound.folderTitle'),
          fix: t('personErrors.PathNotFound.folderFix'),
        }
      : {
          title: name
            ? t('personErrors.PathNotFound.namedTitle', { name })
            : t('personErrors.PathNotFound.title'),
          fix: t('personErrors.PathNotFound.fix'),
        };
  },
  PathExcluded: plain('PathExcluded'),
  NotADirectory: (error) =>
    aboutCatalog(error)
      ? {
          title: t('personErrors.NotADirectory.catalogTitle'),
          fix: t('personErrors.NotADirectory.catalogFix'),
        }
      : { title: t('personErrors.NotADirectory.title'), fix: t('personErrors.NotADirectory.fix') },
  AccessPaused: plain('AccessPaused'),
  ToolDisabled: plain('ToolDisabled'),
  ApprovalUnavailable: plain('ApprovalUnavailable'),
  DeniedByUser: plain('DeniedByUser'),
  NOT_FOUND: (error) =>
    about(error, 'no-logic-catalog')
      ? {
          title: t('personErrors.NOT_FOUND.noCatalogTitle'),
          fix: t('personErrors.NOT_FOUND.noCatalogFix'),
        }
      : { title: t('personErrors.NOT_FOUND.title'), fix: t('personErrors.NOT_FOUND.fix') },
  InvalidLogic: plain('InvalidLogic'),

  // The app's own errors (shared/ipc.ts).
  InvalidPayload: (error) =>
    about(error, 'folder-name')
      ? {
          title: asTitle(error.message, t('personErrors.InvalidPayload.nameTitle')),
          fix: asFix(error.fix, t('personErrors.InvalidPayload.nameFix')),
        }
      : { title: t('personErrors.InvalidPayload.title'), fix: tryAgain() },
  UnknownChannel: plain('UnknownChannel'),
  ForbiddenSender: plain('ForbiddenSender'),
  Unsupported: (error) => ({
    title: asTitle(error.message, t('personErrors.Unsupported.title')),
    fix: asFix(error.fix, t('personErrors.Unsupported.fix')),
  }),
  InvalidFolder: (error) => ({
    title: asTitle(error.message, t('personErrors.InvalidFolder.title')),
    fix: asFix(error.fix, t('personErrors.InvalidFolder.fix')),
  }),
  NotFound: (error) => ({
    title: asTitle(error.message, t('personErrors.NotFound.title')),
    fix: asFix(error.fix, t('personErrors.NotFound.fix')),
  }),
  ServerUnavailable: plain('ServerUnavailable'),
  SearchStopped: plain('SearchStopped'),
  SettingsReadOnly: plain('SettingsReadOnly'),
  SettingsUnusable: plain('SettingsUnusable'),
  Internal: titled('Internal', tryAgain),
  SettingsNotSaved: plain('SettingsNotSaved'),

  // Connecting AI apps (main/core/ai-apps/client-errors.ts).
  ClientConfigUnreadable: (error) => {
    const { file, line, column } = error.params ?? {};
    const where = { file: file ?? t('personErrors.ClientConfigUnreadable.theFile') };
    return line === undefined
      ? {
          title: t('personErrors.ClientConfigUnreadable.title'),
          fix: t('personErrors.ClientConfigUnreadable.fix', where),
        }
      : {
          title: t('personErrors.ClientConfigUnreadable.placedTitle', {
            line,
            column: column ?? '',
          }),
          fix: t('personErrors.ClientConfigUnreadable.placedFix', { ...where, line }),
        };
  },
  ClientConfigReadOnly: (error) => ({
    title: t('personErrors.ClientConfigReadOnly.title'),
    fix: t('personErrors.ClientConfigReadOnly.fix', {
      file: error.params?.file ?? t('personErrors.ClientConfigUnreadable.theFile'),
    }),
  }),
  NothingToUndo: plain('NothingToUndo'),
  UndoConflict: plain('UndoConflict'),
  ClientConfigBusy: plain('ClientConfigBusy'),
  ClientConfigDanglingLink: plain('ClientConfigDanglingLink'),
  ServerBundleMissing: plain('ServerBundleMissing'),

  // The web page's own errors (renderer/src/bridge.ts).
  MissingAccessKey: plain('MissingAccessKey'),
  Unauthorized: plain('Unauthorized'),
  Forbidden: plain('Forbidden'),
  HostUnreachable: plain('HostUnreachable'),
  BadResponse: titled('BadResponse', tryAgain),
  Unknown: titled('Unknown', tryAgain),
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
    return { title: t('personErrors.generic'), fix: asFix(error.fix, tryAgain()) };
  }
  const entry: Entry = PERSON_ERRORS[error.code];
  return entry(error);
}
