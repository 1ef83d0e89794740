import * as z from 'zod';

/** A JSON Schema object as advertised in tools/list. */
export type JsonSchemaObject = { type: 'object'; [key: string]: unknown };

const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER;

/**
 * The JSON Schema a tool advertises for a zod object schema: zod's own conversion, without the
 * `$schema` line (MCP defaults to 2020-12), without the safe-integer bounds zod adds to every
 * integer, and with `anyOf: [X, null]` folded into `type: [X, "null"]` as the contract pages write it.
 */
export function toAdvertisedJsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
): JsonSchemaObject {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Record<string, unknown>;
  delete json.$schema;
  return tidy(json) as JsonSchemaObject;
}

function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = tidy(value);
  if (out.type === 'integer') {
    if (out.maximum === SAFE_INTEGER_BOUND) delete out.maximum;
    if (out.minimum === -SAFE_INTEGER_BOUND) delete out.minimum;
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex(
      (s) => isRecord(s) && s.type === 'null' && Object.keys(s).length === 1,
    );
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && isRecord(other) && typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
