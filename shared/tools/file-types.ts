// "Allowed file types" of one folder: the extensions of the files an AI may be shown there. The
// setting lives on each root (`fileTypes`), the server filters every search by it, and the app's
// chooser offers the groups below plus extensions typed by the person. Extensions are compared
// case-insensitively (".PDF" is ".pdf"), and a name's extension is what follows its last dot.

/** Most extensions one folder may list. */
export const FILE_TYPES_MAX = 200;

/** One extension as stored: a dot and 1–32 letters, digits, `_`, `-` or `+`, lowercase. */
export const FILE_TYPE_PATTERN = /^\.[a-z0-9_+-]{1,32}$/;

/** The groups the chooser offers, each a plain name and its extensions. */
export const FILE_TYPE_GROUPS = [
  {
    id: 'documents',
    label: 'Documents',
    types: ['.doc', '.docx', '.odt', '.rtf', '.txt', '.md', '.pages'],
  },
  {
    id: 'spreadsheets',
    label: 'Spreadsheets',
    types: ['.xls', '.xlsx', '.ods', '.csv', '.tsv', '.numbers'],
  },
  { id: 'pdfs', label: 'PDFs', types: ['.pdf'] },
  {
    id: 'images',
    label: 'Images',
    types: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.heic', '.svg', '.bmp', '.tif', '.tiff'],
  },
  { id: 'presentations', label: 'Presentations', types: ['.ppt', '.pptx', '.odp', '.key'] },
  {
    id: 'audio',
    label: 'Audio',
    types: ['.mp3', '.wav', '.m4a', '.aac', '.flac', '.ogg', '.opus', '.aiff', '.wma'],
  },
  {
    id: 'video',
    label: 'Video',
    types: ['.mp4', '.mov', '.avi', '.mkv', '.webm', '.m4v', '.wmv', '.mpg', '.mpeg'],
  },
  {
    id: 'code',
    label: 'Code',
    types: [
      '.js',
      '.ts',
      '.tsx',
      '.jsx',
      '.py',
      '.java',
      '.c',
      '.cpp',
      '.h',
      '.cs',
      '.go',
      '.rs',
      '.rb',
      '.php',
      '.swift',
      '.kt',
      '.sh',
      '.sql',
      '.json',
      '.yaml',
      '.yml',
      '.html',
      '.css',
    ],
  },
  {
    id: 'archives',
    label: 'Archives',
    types: ['.zip', '.rar', '.7z', '.tar', '.gz', '.tgz', '.bz2', '.xz'],
  },
] as const;

/** One of {@link FILE_TYPE_GROUPS}. */
export type FileTypeGroup = (typeof FILE_TYPE_GROUPS)[number];

/**
 * An extension typed by a person (" PDF", "*.pdf", ".Pdf") as stored (".pdf"); null when it is
 * not an extension at all.
 */
export function normalizeFileType(input: string): string | null {
  const bare = input.trim().replace(/^\*/, '').replace(/^\.?/, '.').toLowerCase();
  return FILE_TYPE_PATTERN.test(bare) ? bare : null;
}

/** The extension of a file name, lowercase with its dot (".pdf"); "" when it has none. */
export function fileTypeOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  // ".bashrc" is a name, not an extension; "archive." has none either.
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot).toLowerCase();
}

/**
 * A matcher for a folder's allowed types: true when a file (by its name or '/'-separated path)
 * may be shown. Null for "every type" (no `fileTypes`), so callers skip the check entirely.
 */
export function createFileTypeFilter(
  fileTypes: readonly string[] | undefined | null,
): ((name: string) => boolean) | null {
  if (!fileTypes) return null;
  const allowed = new Set(fileTypes.map((t) => t.toLowerCase()));
  return (name) => allowed.has(fileTypeOf(name));
}

/** The chooser's view of a list: which groups are fully chosen, and the other extensions. */
export function splitFileTypes(fileTypes: readonly string[]): {
  groups: FileTypeGroup['id'][];
  custom: string[];
} {
  const chosen = new Set(fileTypes);
  const groups = FILE_TYPE_GROUPS.filter((g) => g.types.every((t) => chosen.has(t)));
  const inGroups = new Set<string>(groups.flatMap((g) => [...g.types]));
  return { groups: groups.map((g) => g.id), custom: fileTypes.filter((t) => !inGroups.has(t)) };
}

/** The list stored for chosen groups and custom extensions (sorted, no duplicates). */
export function joinFileTypes(
  groups: readonly FileTypeGroup['id'][],
  custom: readonly string[],
): string[] {
  const types = new Set<string>(custom);
  for (const group of FILE_TYPE_GROUPS) {
    if (groups.includes(group.id)) for (const t of group.types) types.add(t);
  }
  return [...types].sort();
}

/** "PDFs and Documents" / "PDFs, Images and .log files": the types in a few words. */
export function describeFileTypes(fileTypes: readonly string[] | undefined | null): string {
  if (!fileTypes) return 'All file types';
  const { groups, custom } = splitFileTypes(fileTypes);
  const names = [
    ...FILE_TYPE_GROUPS.filter((g) => groups.includes(g.id)).map((g) => g.label),
    ...(custom.length > 0 ? [`${custom.join(', ')} files`] : []),
  ];
  if (names.length <= 1) return names[0] ?? 'No file types';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The kinds a search may ask for (`kinds` of fs.search_by_time), each one or more of the groups
 * above: one list, so a kind and the chooser's group never disagree.
 */
export const SEARCH_KIND_GROUPS = {
  document: ['documents', 'pdfs'],
  spreadsheet: ['spreadsheets'],
  presentation: ['presentations'],
  image: ['images'],
  audio: ['audio'],
  video: ['video'],
  archive: ['archives'],
  code: ['code'],
} as const satisfies Record<string, readonly FileTypeGroup['id'][]>;

/** One kind of file a search may ask for. */
export type SearchKind = keyof typeof SEARCH_KIND_GROUPS;

/** Every kind, in the order the contract and the app list them. */
export const SEARCH_KINDS = Object.keys(SEARCH_KIND_GROUPS) as [SearchKind, ...SearchKind[]];

/** The extensions of some kinds (sorted, no duplicates): the files a `kinds` list admits. */
export function searchKindTypes(kinds: readonly SearchKind[]): string[] {
  const groups = new Set<string>(kinds.flatMap((k) => SEARCH_KIND_GROUPS[k]));
  return joinFileTypes(
    FILE_TYPE_GROUPS.filter((g) => groups.has(g.id)).map((g) => g.id),
    [],
  );
}
