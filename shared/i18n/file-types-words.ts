// File types in the person's words: group names and "PDFs and Documents". (What an AI app reads
// about file types stays English: shared/tools/file-types.ts describeFileTypes.)
import { FILE_TYPE_GROUPS, splitFileTypes, type FileTypeGroup } from '../tools/file-types.js';
import { t } from './i18n.js';

/** A group's name in the current language ("Documents", "문서"). */
export function fileTypeGroupName(id: FileTypeGroup['id']): string {
  return t(`fileTypes.groups.${id}`);
}

/** Names joined as the language joins a short list ("A, B and C"). */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return t('fileTypes.join', { rest: names.slice(0, -1).join(', '), last: names.at(-1) ?? '' });
}

/** "PDFs and Documents" / "PDFs, Images and .log files": a folder's types in a few words. */
export function fileTypesInWords(fileTypes: readonly string[] | undefined | null): string {
  if (!fileTypes) return t('fileTypes.all');
  const { groups, custom } = splitFileTypes(fileTypes);
  const names = [
    ...FILE_TYPE_GROUPS.filter((g) => groups.includes(g.id)).map((g) => fileTypeGroupName(g.id)),
    ...(custom.length > 0 ? [t('fileTypes.customFiles', { types: custom.join(', ') })] : []),
  ];
  return names.length === 0 ? t('fileTypes.none') : joinNames(names);
}
