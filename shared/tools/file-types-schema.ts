// A folder's `fileTypes` as stored in settings.json, as a schema (the groups and helpers are in
// file-types.ts, which the renderer uses without zod).
import * as z from 'zod';
import { FILE_TYPE_PATTERN, FILE_TYPES_MAX } from './file-types.js';

/** One extension as stored: a dot and 1–32 letters, digits, `_`, `-` or `+`, lowercase. */
export const fileTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(FILE_TYPE_PATTERN, 'an extension like ".pdf" (a dot, then letters or digits)');

/** A folder's `fileTypes`: a non-empty list, stored lowercase, without duplicates. */
export const fileTypesSchema = z
  .array(fileTypeSchema)
  .min(1, 'at least one file type (leave the key out to allow every type)')
  .max(FILE_TYPES_MAX)
  .transform((types) => [...new Set(types)]);
