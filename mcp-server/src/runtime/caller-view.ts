// The settings as one caller sees them: only the folders it may search now (folder-access-rules.ts).
// Every part of the server reads its config through this view (the tool description, search,
// saved results, foldergate://folders, the prompts), so a folder outside the caller's view answers
// exactly as a folder that is not allowed, and its name is never shown to that caller.
import type { ConfigSource } from '#appdata/settings/server-config.js';
import {
  ANY_APP,
  foldersFor,
  SEARCH_AS_META,
  type AccessCaller,
} from '#shared/settings/folder-access-rules.js';

/** `source` as `caller` sees it at each call. */
export function viewAs(source: ConfigSource, caller: AccessCaller): ConfigSource {
  return {
    current() {
      const config = source.current();
      return { ...config, ...foldersFor(config, caller, Date.now()) };
    },
    listingBasis: source.listingBasis ? () => source.listingBasis!() : undefined,
  };
}

/** Who a server asks as: the preview as every app, an AI app's entry as its app, else nobody. */
export function serverCaller(options: { preview: boolean; client: string | null }): AccessCaller {
  return options.preview ? ANY_APP : options.client;
}

/**
 * The view a preview call asks for (`_meta["dev.foldergate/search-as"]`: an app id), honoured only
 * by a server started with `--preview`; null: the server's own view.
 */
export function searchAsOf(
  preview: boolean,
  meta: Record<string, unknown> | undefined,
): AccessCaller | undefined {
  if (!preview) return undefined;
  const asked = meta?.[SEARCH_AS_META];
  return typeof asked === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(asked) ? asked : undefined;
}
