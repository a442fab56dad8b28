// Where a run stores an option's value, named as a key of the settings type it fills so that the compiler checks
// it: an option table's entry (cli/option-table.ts) gives one, docs/commands.md shows its path, and
// cli/settings-from-flags.ts copies the flag's value to it. Only types are imported: the tables load with every command.
import type { OptimizeSettings } from '../optimizer/index.ts';
import type { RunRow } from '../traces/index.ts';
import type { StoredRunSettings } from './stored-run-config.ts';

/** A place in a run's record (`path`, as docs/commands.md shows it); `copiedTo` when the flag's value is stored there as given. */
export interface StoredKey<Field extends string = string> {
  readonly path: string;
  /** the settings field settingsFromFlags copies the flag's value into; absent when code beside it works the value out */
  readonly copiedTo?: Field;
}

/** The keys of one kind of settings, stored under `prefix`. */
function settingsKeys<Settings extends object>(prefix: string) {
  return {
    /** The flag's value is stored as given at `field` (left out when the flag is not given). */
    copied: <Field extends keyof Settings & string>(field: Field): StoredKey<Field> => ({ path: `${prefix}.${field}`, copiedTo: field }),
    /** `field` is worked out from this flag (and others) where the settings are built; `within` names the part of it. */
    derived: (field: keyof Settings & string, within?: string): StoredKey<never> => ({
      path: [prefix, field, ...(within === undefined ? [] : [within])].join('.'),
    }),
  };
}

/** An optimize run's search settings (optimizer/search/settings.ts). */
export const optimizeSetting = settingsKeys<OptimizeSettings>('settings.optimize');

/** A suite run's stored config (cli/stored-run-config.ts): its agent, its options and the agent's fields. */
export const runSetting = settingsKeys<StoredRunSettings>('settings');
export const runOption = settingsKeys<StoredRunSettings['options']>('settings.options');
export const runAgentSetting = settingsKeys<StoredRunSettings['agent']>('settings.agent');

/** A column of the run's row, e.g. suitePath is runs.suite_path. */
export function runColumn(column: keyof RunRow & string): StoredKey<never> {
  return { path: `runs.${column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}` };
}
