// What the model is told of one tool: its name, its input schema and what calls to it returned, and its
// description only when the author asks for it. By default every description is kept out, the schema's own
// `description` keywords too, which often repeat the tool's: tasks worded after a description reward
// descriptions that repeat the tasks' words (issue 54).
import type { JsonSchema } from '../../catalogue/catalogue-types.ts';

export interface DraftTool {
  server: string;
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** One call made to a tool the author allowed (`--call-tools`), and what it returned (cut short). */
export interface ToolProbe {
  arguments: Record<string, unknown>;
  result: string;
}

export interface CardOptions {
  /** `--with-descriptions`: the tool's description and the schema's descriptions are shown */
  withDescriptions: boolean;
}

/** The longest part of a call's result shown to the model. */
export const PROBE_RESULT_CHARS = 600;

export function toolCard(tool: DraftTool, options: CardOptions, probes: readonly ToolProbe[] = []): string {
  const schema = options.withDescriptions ? tool.inputSchema : withoutDescriptions(tool.inputSchema);
  const lines = [`Tool: ${tool.name}`, `Input schema (JSON Schema): ${JSON.stringify(schema)}`];
  if (options.withDescriptions) lines.push(`Description: ${tool.description}`);
  for (const probe of probes) lines.push(`A call with ${JSON.stringify(probe.arguments)} returned: ${probe.result.slice(0, PROBE_RESULT_CHARS)}`);
  return lines.join('\n');
}

/**
 * The schema without its `description` keywords (and `title`s, which say the same in short), at any depth; a
 * property that is itself named `description` or `title` is kept, since it is a parameter, not prose.
 */
export function withoutDescriptions(schema: unknown, inPropertyMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutDescriptions(item));
  if (schema === null || typeof schema !== 'object') return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!inPropertyMap && (key === 'description' || key === 'title') && typeof value === 'string') continue;
    kept[key] = withoutDescriptions(value, !inPropertyMap && (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions'));
  }
  return kept;
}
