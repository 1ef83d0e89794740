// The approval prompt's first line in the person's language ("Claude Desktop wants to list PDF
// files changed since Monday in Documents"). Apart from approval.ts, which the servers load.
import {
  clientDisplayName,
  quote,
  searchedFor,
  timeClause,
  type DescribeOptions,
} from '../activity/activity-describe.js';
import { t } from '../i18n/i18n.js';
import type { CallerInfo } from '../clients/caller.js';
import { isSearchTool } from '../tools/search-by-time.js';
import { FOLDERS_URI, RESOURCE_READ_TOOL } from '../tools/resource-names.js';

/** Options of {@link describeApprovalRequest}: the reader's clock, time zone and locale. */
export type ApprovalDescribeOptions = DescribeOptions;

/**
 * What the app wants, as the prompt's first line: "Claude Desktop wants to list PDF files changed
 * since Monday in Documents". `args.root` may be a folder's name or path (its last part is shown).
 */
export function describeApprovalRequest(
  client: CallerInfo | string | null,
  tool: string,
  args: Record<string, unknown>,
  options: ApprovalDescribeOptions = {},
): string {
  const app = clientDisplayName(typeof client === 'string' ? { name: client } : client);
  if (isSearchTool(tool)) {
    const root = text(args.root);
    const folder = root
      ? (root
          .replace(/[\\/]+$/, '')
          .split(/[\\/]/)
          .pop() ?? root)
      : null;
    const sub = text(args.path)?.replace(/\\/g, '/').replace(/\/+$/, '');
    return t('approvalWords.search', {
      app,
      what: searchedFor(args),
      when: timeClause(args, options),
      where: folder ? t('approvalWords.inFolder', { folder }) : t('approvalWords.inDefaultFolder'),
      sub: sub ? t('describe.sub', { path: sub }) : '',
    });
  }
  if (tool === 'logic_list') return t('approvalWords.logicList', { app });
  if (tool === 'logic_get')
    return t('approvalWords.logicGet', { app, name: quote(text(args.name) ?? '') });
  if (tool === RESOURCE_READ_TOOL)
    return args.uri === FOLDERS_URI
      ? t('approvalWords.readFolders', { app })
      : t('approvalWords.readResult', { app });
  return t('approvalWords.tool', { app, tool: quote(tool) });
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
