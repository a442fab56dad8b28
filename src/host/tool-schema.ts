import { z } from 'zod';
import type { JsonSchema } from '../catalogue/catalogue-types.ts';

const typeName = z.union([z.string(), z.array(z.string())]);

/**
 * A property's schema as tdo's readers take it (the sim's argument mapping and features, the tool search, the
 * proposers, the suite check): an object whose keywords they read have their JSON Schema types. A boolean schema
 * is valid JSON Schema and becomes its object form (true accepts anything: {}; false nothing: {not: {}}), so no
 * reader meets a property that is not an object.
 */
const propertySchema = z.preprocess(
  (value) => (typeof value === 'boolean' ? (value ? {} : { not: {} }) : value),
  z.looseObject(
    { description: z.string().optional(), type: typeName.optional(), enum: z.array(z.unknown()).optional() },
    { error: 'expected a JSON Schema (an object or a boolean)' },
  ),
);

/** A tool's input schema as tools/list gives it; the MCP SDK checks only that it is an object of type "object". */
const inputSchemaShape = z.looseObject({
  type: typeName.optional(),
  properties: z.record(z.string(), propertySchema).optional(),
  required: z.array(z.string()).optional(),
  description: z.string().optional(),
});

const MAX_PATH_PART = 64;

/** The input schema in the shape every reader expects, or what is wrong with it (the first problem, with where it is). */
export function readInputSchema(schema: unknown): { schema: JsonSchema } | { problem: string } {
  const parsed = inputSchemaShape.safeParse(schema);
  if (parsed.success) return { schema: parsed.data as JsonSchema };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.map((part) => String(part).slice(0, MAX_PATH_PART)).join('.');
  return { problem: `${where === '' ? '' : `${where}: `}${issue.message}` };
}
