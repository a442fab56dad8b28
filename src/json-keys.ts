// Every JSON tdo prints or writes uses snake_case keys; the in-memory objects keep TypeScript's camelCase.

/**
 * Keys whose values are keyed by data rather than by field names (tool, task, server, seller, condition
 * or lint rule names) or hold a record of what was sent and received (tool arguments, a model call's input
 * and output): their own keys are kept as they are, and converted only further down where they are fields.
 */
const DATA_KEYED = new Set([
  'arguments',
  'args',
  'input',
  'output',
  'descriptions',
  'calls_by_tool',
  'first_choices_by_server',
  'conditions',
  'sellers',
  'per_task',
  'by_rule',
  'gate_rejected_by_rule',
  'first_choice_share_by_seller',
  'version_ids',
]);

/** Records of what was sent and received: kept whole, inner keys included. */
const VERBATIM = new Set(['arguments', 'args', 'input', 'output']);

export function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** A copy of `value` with every field name in snake_case (see DATA_KEYED for the keys that are kept). */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  // as JSON.stringify does: a Date becomes its ISO text
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return snakeCaseKeys((value as { toJSON(): unknown }).toJSON());
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const name = snakeCase(key);
      if (VERBATIM.has(name)) return [name, inner];
      if (DATA_KEYED.has(name) && inner !== null && typeof inner === 'object' && !Array.isArray(inner))
        return [name, Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, snakeCaseKeys(v)]))];
      return [name, snakeCaseKeys(inner)];
    }),
  );
}

/** One JSON document with snake_case keys and a final newline, as every --json output and report file is written. */
export function toJsonText(value: unknown, indent?: number): string {
  return `${JSON.stringify(snakeCaseKeys(value), null, indent)}\n`;
}
