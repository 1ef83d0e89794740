// The Search preview form's state and the fs.search_by_time arguments it stands for.
import type { Sort, TimeField } from '../../../shared/search-by-time.js';
import { inputValueToIso } from './format.js';
import type { RangePreset } from './format.js';

/** What the form holds (datetime-local values, numbers as typed). */
export interface FormState {
  root: string;
  path: string;
  timeField: TimeField;
  from: string;
  to: string;
  preset: RangePreset | null;
  glob: string;
  recursive: boolean;
  maxDepth: string;
  includeFiles: boolean;
  includeDirectories: boolean;
  includeUnknownTime: boolean;
  sort: Sort;
  limit: string;
}

/** The arguments for fs.search_by_time; empty fields are left out so the tool's defaults apply. */
export function buildArguments(form: FormState): Record<string, unknown> {
  const args: Record<string, unknown> = { timeField: form.timeField };
  if (form.root) args.root = form.root;
  if (form.path.trim()) args.path = form.path.trim();
  const from = form.from ? (inputValueToIso(form.from) ?? form.from) : null;
  const to = form.to ? (inputValueToIso(form.to) ?? form.to) : null;
  if (from) args.from = from;
  if (to) args.to = to;
  if (form.glob.trim()) args.glob = form.glob.trim();
  args.recursive = form.recursive;
  if (form.recursive && form.maxDepth.trim() !== '') args.maxDepth = Number(form.maxDepth);
  args.includeFiles = form.includeFiles;
  args.includeDirectories = form.includeDirectories;
  if (form.timeField === 'created') args.includeUnknownTime = form.includeUnknownTime;
  args.sort = form.sort;
  if (form.limit.trim() !== '') args.limit = Number(form.limit);
  return args;
}
