// The settings a run stores, built from its command's option table (cli/option-table.ts): every entry whose
// stored key is a copied one (cli/stored-key.ts) puts its flag's value there, and the values worked out from
// several flags are handed in beside them.
import type { FlagsOf, OptionSpec, OptionTable } from './option-table.ts';
import type { StoredKey } from './stored-key.ts';

type CopiedField<Spec> = Spec extends OptionSpec<any, boolean, StoredKey<infer Field>> ? Field : never;
type ValueOf<Spec> = Spec extends OptionSpec<infer T, boolean, any> ? T : never;

/** The fields a table's copied entries fill: always there when the option has a default, else when given. */
export type CopiedSettings<Table extends OptionTable> = {
  [K in keyof Table as Table[K] extends OptionSpec<any, true, any> ? CopiedField<Table[K]> : never]: ValueOf<Table[K]>;
} & {
  [K in keyof Table as Table[K] extends OptionSpec<any, false, any> ? CopiedField<Table[K]> : never]?: ValueOf<Table[K]>;
};

/**
 * The settings from the table's copied entries and `derived`, in the key order of `schema` (the order a run
 * stores them in: what a run stores stays byte for byte what it stored before). A field the schema does not
 * know is a bug in the table or the caller.
 */
export function settingsFromFlags<Table extends OptionTable, Derived extends object>(
  table: Table,
  flags: FlagsOf<Table>,
  derived: Derived,
  schema: { shape: object },
): CopiedSettings<Table> & Derived {
  const given = flags as Record<string, unknown>;
  const built: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(table)) {
    const field = spec.stored?.copiedTo;
    if (field !== undefined && given[key] !== undefined) built[field] = given[key];
  }
  Object.assign(built, derived);
  const order = Object.keys(schema.shape);
  const unknown = Object.keys(built).filter((field) => !order.includes(field));
  if (unknown.length > 0) throw new Error(`settingsFromFlags: ${unknown.join(', ')} not in the settings' schema`);
  return Object.fromEntries(order.filter((field) => field in built).map((field) => [field, built[field]])) as CopiedSettings<Table> & Derived;
}
