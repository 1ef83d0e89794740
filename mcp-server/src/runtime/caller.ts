// Who is asking, decided in one place: the app FolderGate's entry names (`--client`), with what
// the app reported about itself in `initialize` kept beside it; without `--client` (a hand-written
// entry) the reported name alone, as before. The activity log and the approval gate both use it.

/** What the app reported about itself (the SDK's `getClientVersion()`), before initialize none. */
export type ReportedClient = { name: string; version: string } | undefined;

/** Who asks: the reported name and version, and the entry's app when it named one. */
export interface Caller {
  name: string;
  version: string;
  app?: string;
}

/** Who is asking, from the entry's `--client` (null: none) and what the app reported. */
export function whoIsAsking(client: string | null, reported: ReportedClient): Caller | undefined {
  if (client === null) return reported;
  return { name: reported?.name ?? '', version: reported?.version ?? '', app: client };
}
