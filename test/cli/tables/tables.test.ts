import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionTableMarkdown, type OptionTable } from '../../../cli/option-table.ts';
import { storedRunConfigSchema } from '../../../cli/stored-run-config.ts';
import { OPTION_TABLES as TABLES } from '../../../cli/tables/index.ts';
import { OPTIMIZE_OPTIONS } from '../../../cli/tables/optimize.ts';
import { RUN_OPTIONS } from '../../../cli/tables/run.ts';
import { optimizeSettingsSchema } from '../../../optimizer/search/settings.ts';
import { REPO_ROOT } from '../../support/lab-runs.ts';

const DOC = 'docs/commands.md';

/** The body of `<!-- figures:options-NAME -->` ... `<!-- /figures -->` in the doc, or undefined. */
function docBlock(text: string, name: string): string | undefined {
  const match = new RegExp(`^<!-- figures:options-${name} -->\\n([\\s\\S]*?)^<!-- /figures -->$`, 'm').exec(text);
  return match?.[1];
}

/** The keys a stored path may start with: the schema that reads each kind of settings back. */
const STORED_KEYS: Record<string, readonly string[]> = {
  'settings.optimize': Object.keys(optimizeSettingsSchema.shape),
  'settings.options': Object.keys(storedRunConfigSchema.shape.options.shape),
  'settings.agent': ['kind', 'persona', ...Object.keys(storedRunConfigSchema.shape.agent.shape)],
};

describe('the option tables', () => {
  const doc = readFileSync(join(REPO_ROOT, DOC), 'utf8');
  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: ${DOC} holds the table its declaration renders`, () => {
      const block = docBlock(doc, name);
      expect(block, `${DOC} needs a block <!-- figures:options-${name} --> ... <!-- /figures -->`).toBeDefined();
      expect(block, `${DOC}'s ${name} options differ from their table in cli/tables/: \`npm run figures -- options\` writes them`).toBe(
        optionTableMarkdown(table),
      );
    });

    it(`${name}: its help names --resume only when the command takes it`, () => {
      const naming = Object.entries(table).filter(([, spec]) => spec.help.includes('--resume'));
      if (!('resume' in table)) expect(naming.map(([key]) => key)).toEqual([]);
    });

    it(`${name}: every stored path names a field its run's settings schema reads back`, () => {
      for (const [key, spec] of Object.entries(table)) {
        const path = spec.stored?.path;
        if (path === undefined || path === 'runs.suite_path') continue;
        const prefix = Object.keys(STORED_KEYS).find((p) => path === p || path.startsWith(`${p}.`));
        expect(prefix, `${key}: ${path}`).toBeDefined();
        const field = path.slice(prefix!.length + 1).split(/[.\s]/)[0]!;
        if (field !== '') expect(STORED_KEYS[prefix!], `${key}: ${path}`).toContain(field);
      }
    });
  }

  it('keeps on --resume every stored setting but concurrency, in run and optimize', () => {
    for (const table of [RUN_OPTIONS, OPTIMIZE_OPTIONS] as OptionTable[]) {
      const free = Object.entries(table).filter(([, s]) => s.stored !== null && s.resume === 'free');
      expect(free.map(([key]) => key)).toEqual(['concurrency']);
    }
  });
});

/** The flags an option table declares and shows in --help, as written on a command line. */
function visibleFlags(table: OptionTable): string[] {
  return Object.values(table)
    .filter((spec) => spec.hidden !== true)
    .map((spec) => /--[a-z][a-z-]*/.exec(spec.flags)![0]);
}

/**
 * The synopses README.md's command table gives: the first code span of each row that starts with `tdo`, by the
 * table it is checked against (a subcommand's first, as `traces list` is `traces-list`).
 */
function readmeSynopses(readme: string): Map<string, string[]> {
  const synopses = new Map<string, string[]>();
  for (const line of readme.split('\n')) {
    const span = /^\| `tdo ([^`]+)`/.exec(line)?.[1];
    if (span === undefined) continue;
    const [command, sub] = span.split(' ');
    const name = [`${command}-${sub}`, command!].find((key) => key in TABLES);
    if (name !== undefined) synopses.set(name, [...(synopses.get(name) ?? []), span]);
  }
  return synopses;
}

/** --db and --config mean the same on every command (docs/commands.md, "Options and output every command shares"). */
const SHARED_BY_EVERY_COMMAND = ['--db', '--config'];

describe("README.md's command synopses", () => {
  const synopses = readmeSynopses(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));

  it('finds the synopses of the main commands', () => {
    expect([...synopses.keys()]).toEqual(expect.arrayContaining(['run', 'optimize', 'demo', 'worker', 'gateway', 'traces-list', 'serve']));
  });

  for (const [name, spans] of synopses) {
    it(`${name}: every flag written is declared, and a synopsis that gives options gives every one`, () => {
      const declared = visibleFlags(TABLES[name]!);
      const written = spans.flatMap((span) => span.match(/--[a-z][a-z-]*/g) ?? []);
      expect(
        written.filter((flag) => !declared.includes(flag)),
        `README.md names flags of tdo ${name.replace('-', ' ')} that its table does not declare`,
      ).toEqual([]);
      if (written.length === 0) return;
      expect(
        declared.filter((flag) => !written.includes(flag) && !SHARED_BY_EVERY_COMMAND.includes(flag)),
        `README.md's synopsis of tdo ${name.replace('-', ' ')} leaves out flags its table declares`,
      ).toEqual([]);
    });
  }
});
