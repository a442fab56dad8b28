// A command's options declared once, as a typed table (after vitest's CLI table, node_modules/vitest's cac chunk):
// the flag, its help, parser and default, whether `--resume` may change it and where a run stores it. Commander's
// options, the command's flags type, the resume check and the option tables in docs/commands.md all come from it.
import { Option, type Command } from 'commander';
import { inputError } from '../src/index.ts';
import type { StoredKey } from './stored-key.ts';

/** `fixed`: the run's stored value is used and giving the flag with `--resume` is refused; `free`: it may change. */
export type ResumeRule = 'fixed' | 'free';

export interface OptionSpec<T = unknown, HasDefault extends boolean = boolean, Stored extends StoredKey | null = StoredKey | null> {
  /** commander's flags, e.g. `--budget <n>`; the table's key is the option's attribute name */
  flags: string;
  /** empty for a hidden option */
  help: string;
  parse?: (value: string, previous: T) => T;
  default?: T;
  /** shown in --help instead of the default's value */
  defaultHelp?: string;
  hidden?: boolean;
  /** commander refuses the command without it */
  required?: boolean;
  /** the keys of options it may not be given with */
  conflicts?: readonly string[];
  resume: ResumeRule;
  /** where a run stores the value (cli/stored-key.ts), or null when a run does not store it */
  stored: Stored;
  /** carries the value's type and whether it has a default, for FlagsOf; never set */
  readonly type?: { value: T; hasDefault: HasDefault };
}

type Meta = Partial<Pick<OptionSpec, 'resume' | 'hidden' | 'required' | 'defaultHelp' | 'conflicts'>>;

/** An option that takes a value; with a default it is always present in the flags. */
export function valueOption<T = string>(
  flags: string,
  help: string,
  how: Meta & { parse?: (value: string, previous: T) => T; default: NoInfer<T> },
): OptionSpec<T, true, null>;
export function valueOption<T = string>(flags: string, help: string, how?: Meta & { parse?: (value: string, previous: T) => T }): OptionSpec<T, false, null>;
export function valueOption<T>(
  flags: string,
  help: string,
  how: Meta & { parse?: (value: string, previous: T) => T; default?: T } = {},
): OptionSpec<T, boolean, null> {
  return { flags, help, resume: 'free', stored: null, ...how };
}

/** A flag without a value: true when given. */
export function switchOption(flags: string, help: string, meta: Meta = {}): OptionSpec<boolean, false, null> {
  return { flags, help, resume: 'free', stored: null, ...meta };
}

/** `--no-X`: true unless given. */
export function negatedOption(flags: `--no-${string}`, help: string, meta: Meta = {}): OptionSpec<boolean, true, null> {
  return { flags, help, resume: 'free', stored: null, ...meta, default: true };
}

/** The same option, kept by `--resume` and stored at `stored`. */
export function fixed<T, D extends boolean, S extends StoredKey | null>(spec: OptionSpec<T, D, null>, stored: S): OptionSpec<T, D, S> {
  return { ...spec, resume: 'fixed', stored };
}

/** The same option, free on `--resume` but stored at `stored` (the run's value is the default then). */
export function storedAt<T, D extends boolean, S extends StoredKey>(spec: OptionSpec<T, D, null>, stored: S): OptionSpec<T, D, S> {
  return { ...spec, stored };
}

/** The same option, which commander requires. */
export function required<T, D extends boolean, S extends StoredKey | null>(spec: OptionSpec<T, D, S>): OptionSpec<T, true, S> {
  return { ...spec, required: true } as OptionSpec<T, true, S>;
}

/** The same option with another help text. */
export function worded<T, D extends boolean, S extends StoredKey | null>(spec: OptionSpec<T, D, S>, help: string): OptionSpec<T, D, S> {
  return { ...spec, help };
}

export type OptionTable = Record<string, OptionSpec<any, boolean>>;

type ValueOf<S> = S extends OptionSpec<infer T, boolean> ? T : never;
type KeysWith<Table, D extends boolean> = { [K in keyof Table]: Table[K] extends OptionSpec<any, D> ? K : never }[keyof Table];

/** The flags commander hands a command's action, inferred from its table. */
export type FlagsOf<Table extends OptionTable> = { [K in KeysWith<Table, true>]: ValueOf<Table[K]> } & {
  [K in KeysWith<Table, false>]?: ValueOf<Table[K]>;
};

/** A commander Option for one entry (a fresh one each time: commander keeps parsed values on the Option's command). */
export function commanderOption(spec: OptionSpec<any>, key?: string): Option {
  const option = new Option(spec.flags, spec.help);
  if (key !== undefined && option.attributeName() !== key) throw new Error(`option table: ${spec.flags} is read as "${option.attributeName()}", not "${key}"`);
  if (spec.parse !== undefined) option.argParser(spec.parse);
  if (spec.default !== undefined && !option.negate) option.default(spec.default, spec.defaultHelp);
  if (spec.hidden === true) option.hideHelp();
  if (spec.required === true) option.makeOptionMandatory();
  if (spec.conflicts !== undefined) option.conflicts([...spec.conflicts]);
  return option;
}

/** Declares every option of the table on the command, in the table's order. */
export function addTable(command: Command, table: OptionTable): void {
  for (const [key, spec] of Object.entries(table)) command.addOption(commanderOption(spec, key));
}

/** The keys `--resume` keeps, in the table's order. */
export function fixedByResume(table: OptionTable): string[] {
  return Object.entries(table)
    .filter(([, spec]) => spec.resume === 'fixed')
    .map(([key]) => key);
}

/** Refuses, with `--resume`, every option the table fixes that the command line gives. */
export function refuseFixedWithResume(command: Command, table: OptionTable): void {
  refuseGivenWithResume(command, fixedByResume(table));
}

/** The flag of an option key, as commander names it: maxSteps is --max-steps. */
export function flagOf(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** --resume reuses the run's own settings: refuses every option of `fixed` that the command line gives. */
export function refuseGivenWithResume(command: Command, fixed: readonly string[]): void {
  const given = fixed.filter((key) => command.getOptionValueSource(key) === 'cli');
  if (given.length > 0) throw inputError(`--resume reuses the run's own settings; drop ${given.map(flagOf).join(', ')}`);
}

/** A default as docs/commands.md shows it; none for an empty list or record. */
function shownDefault(spec: OptionSpec): string {
  const value = spec.default;
  if (spec.defaultHelp !== undefined) return spec.defaultHelp;
  if (value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0)) return '–';
  return `\`${String(value)}\``;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The table's visible options as the Markdown table docs/commands.md holds (test/cli/option-table.test.ts compares them). */
export function optionTableMarkdown(table: OptionTable): string {
  const resumable = 'resume' in table;
  const head = ['option', 'what it does', 'default', ...(resumable ? ['with `--resume`'] : []), 'stored at'];
  const rows = Object.values(table)
    .filter((spec) => spec.hidden !== true)
    .map((spec) => [
      `\`${spec.flags}\``,
      spec.help,
      shownDefault(spec),
      ...(resumable ? [spec.resume === 'fixed' ? "the run's" : 'may change'] : []),
      spec.stored === null ? '–' : `\`${spec.stored.path}\``,
    ]);
  return [head, head.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n') + '\n';
}
