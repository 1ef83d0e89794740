import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_SCAN_LIMITS,
  parseSettingsDocument,
  parseSettingsJson,
  type ActivitySettings,
  type AllowedRoot,
  type ScanLimits,
} from '#shared/settings/settings.js';
import { DEFAULT_ACTIVITY_SETTINGS } from '#shared/settings/settings-migrations.js';
import { defaultApprovalSettings, type ApprovalSettings } from '#shared/approval/approval.js';
import { DEFAULT_TOOL_SWITCHES, type ToolSwitches } from '#shared/tools/tool-switches.js';
import type { LanguageChoice } from '#shared/i18n/languages.js';
import { fileSignature } from '../file-signature.js';
import { log } from '../log.js';

/** What one tool call runs with: the allowed roots, limits and switches in force right now. */
export interface ServerConfig {
  roots: AllowedRoot[];
  /** Path of the default root; null = the first root. */
  defaultRoot: string | null;
  limits: ScanLimits;
  exclude: string[];
  followSymlinks: boolean;
  paused: boolean;
  /** When a pause for a while ends (ISO 8601); null: until resumed. See isPausedAt. */
  pausedUntil: string | null;
  logicCatalog: string | null;
  /** Whether tool calls are recorded, and for how many days (read live, like everything here). */
  activity: ActivitySettings;
  /** Per-tool switches: a tool that is off is not listed and refuses calls with ToolDisabled. */
  tools: ToolSwitches;
  /** Whether the person wants to be asked before a call (see mcp-server/src/runtime/approval-gate.ts). */
  approval: ApprovalSettings;
  /** The person's language choice ("system": the server's LANG); the prompts speak it. */
  language: LanguageChoice;
  /** Why there are no roots, when the settings file is missing or unreadable. */
  rootsProblem: string | null;
}

/** Values given on the command line; they override the settings file. */
export interface ConfigOverrides {
  roots?: AllowedRoot[];
  limits?: Partial<ScanLimits>;
  followSymlinks?: boolean;
  logicCatalog?: string;
}

/** Supplies the current config; re-reads settings.json whenever the file changed. */
export interface ConfigSource {
  current(): ServerConfig;
  /**
   * What the config last returned by current() was made of, when it is a pure function of the
   * settings file's text (or its absence) and the command line: that text (null: no file). Null
   * when it is not (the file could not be used and earlier settings are kept, or no --config-dir).
   * The listing cache keeps answers only under such a basis (mcp-server/src/protocol/listing-cache.ts).
   */
  listingBasis?(): { settingsText: string | null } | null;
}

const BASE: ServerConfig = {
  roots: [],
  defaultRoot: null,
  limits: { ...DEFAULT_SCAN_LIMITS },
  exclude: [],
  followSymlinks: false,
  paused: false,
  pausedUntil: null,
  logicCatalog: null,
  activity: { ...DEFAULT_ACTIVITY_SETTINGS },
  tools: { ...DEFAULT_TOOL_SWITCHES },
  approval: defaultApprovalSettings(),
  language: 'system',
  rootsProblem: null,
};

/**
 * A config source over `<configDir>/settings.json` (when given) with command-line overrides.
 * The file is checked (one stat) on every call and re-parsed when it changed, so a change made in
 * the app applies to running servers without restarting the AI client. A file that cannot be
 * used keeps the last good settings in force and is reported on stderr (zod issues in one line);
 * a newer FolderGate's file is used through the fields this version understands, as the app
 * shows it read-only.
 */
export function createConfigSource(
  configDir: string | null,
  overrides: ConfigOverrides,
): ConfigSource {
  const file = configDir ? path.join(configDir, 'settings.json') : null;
  let signature: string | null = null;
  let fromFile: ServerConfig = file
    ? { ...BASE, rootsProblem: 'FolderGate has no settings yet: no folder has been allowed.' }
    : {
        ...BASE,
        rootsProblem: 'No folder has been allowed: the server was started without --root.',
      };
  let lastGood: ServerConfig | null = null;
  // The text the config in force was read from (null: no file); undefined when it was not.
  let basisText: string | null | undefined = undefined;

  function reload(): void {
    if (!file) return;
    const next = fileSignature(file);
    if (next === signature) return;
    signature = next;
    basisText = undefined;
    if (next === 'missing') {
      basisText = null;
      lastGood = null;
      fromFile = {
        ...BASE,
        rootsProblem: 'FolderGate has no settings yet: no folder has been allowed.',
      };
      return;
    }
    // The same reading as the app's (parseSettingsDocument), so both show the same folders.
    let problem: string;
    try {
      const text = fs.readFileSync(file, 'utf8');
      const json = parseSettingsJson(text);
      const document = json.ok
        ? parseSettingsDocument(json.raw)
        : { ok: false as const, problem: json.problem };
      if (document.ok) {
        const { settings } = document;
        if (document.newerVersion !== null) {
          log(
            `settings file ${file} was written by a newer FolderGate (settings version ${document.newerVersion}); using the settings this server understands, as the app shows them.`,
          );
        }
        lastGood = {
          roots: settings.roots,
          defaultRoot: settings.defaultRoot,
          limits: settings.limits,
          exclude: settings.exclude,
          followSymlinks: settings.followSymlinks,
          paused: settings.paused,
          pausedUntil: settings.pausedUntil,
          logicCatalog: settings.logicCatalog,
          activity: settings.activity,
          tools: settings.tools,
          approval: settings.approval,
          language: settings.language,
          rootsProblem: null,
        };
        fromFile = lastGood;
        basisText = text;
        return;
      }
      problem = document.problem;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    log(
      `settings file ${file} could not be used (${problem}); ${lastGood ? 'keeping the previous settings' : 'no folder is allowed until it is fixed'}.`,
    );
    fromFile = lastGood ?? {
      ...BASE,
      rootsProblem:
        "FolderGate's settings file could not be read, so no folder is allowed until it is fixed.",
    };
  }

  return {
    current() {
      reload();
      const config: ServerConfig = {
        ...fromFile,
        limits: { ...fromFile.limits, ...overrides.limits },
      };
      if (overrides.roots && overrides.roots.length > 0) {
        config.roots = overrides.roots;
        config.defaultRoot = null;
        config.rootsProblem = null;
      }
      if (overrides.followSymlinks !== undefined) config.followSymlinks = overrides.followSymlinks;
      if (overrides.logicCatalog !== undefined) config.logicCatalog = overrides.logicCatalog;
      return config;
    },
    listingBasis() {
      return file && basisText !== undefined ? { settingsText: basisText } : null;
    },
  };
}
