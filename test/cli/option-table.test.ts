import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  addTable,
  fixed,
  fixedByResume,
  negatedOption,
  optionTableMarkdown,
  refuseFixedWithResume,
  switchOption,
  valueOption,
  type FlagsOf,
} from '../../cli/option-table.ts';
import { positiveInt } from '../../cli/options.ts';
import { optimizeSetting } from '../../cli/stored-key.ts';
import { isTdoError } from '../../src/errors.ts';

const TABLE = {
  budget: fixed(valueOption('--budget <n>', 'metric calls', { parse: positiveInt, default: 300 }), optimizeSetting.copied('budget')),
  patience: valueOption('--patience <k>', 'iterations without a new best', { parse: positiveInt }),
  merge: fixed(switchOption('--merge', 'also merge'), optimizeSetting.derived('merge')),
  cache: negatedOption('--no-cache', 'send every request'),
  resume: valueOption('--resume <runId>', 'continue a run'),
};

function parsed(args: string[]): { flags: FlagsOf<typeof TABLE>; command: Command } {
  const command = new Command().exitOverride().configureOutput({ writeErr: () => {} });
  addTable(command, TABLE);
  command.parse(args, { from: 'user' });
  return { flags: command.opts<FlagsOf<typeof TABLE>>(), command };
}

describe('an option table', () => {
  it('declares its options on commander with their parsers and defaults', () => {
    expect(parsed([]).flags).toEqual({ budget: 300, cache: true });
    expect(parsed(['--budget', '12', '--patience', '2', '--merge', '--no-cache']).flags).toEqual({ budget: 12, patience: 2, merge: true, cache: false });
    expect(() => parsed(['--budget', '0'])).toThrow('expected a positive integer');
  });

  it('refuses a key that is not the attribute commander reads the flag as', () => {
    expect(() => addTable(new Command(), { maxSteps: valueOption('--steps <n>', 'steps') })).toThrow('--steps <n> is read as "steps", not "maxSteps"');
  });

  it('lists the options --resume keeps and refuses them, and only them, when given', () => {
    expect(fixedByResume(TABLE)).toEqual(['budget', 'merge']);
    const refusal = (() => {
      try {
        refuseFixedWithResume(parsed(['--resume', 'r1', '--merge', '--budget', '5', '--patience', '3']).command, TABLE);
      } catch (err) {
        return err;
      }
    })();
    expect(isTdoError(refusal, 'input') && refusal.message).toBe("--resume reuses the run's own settings; drop --budget, --merge");
    // a default is not given
    expect(() => refuseFixedWithResume(parsed(['--resume', 'r1', '--patience', '3']).command, TABLE)).not.toThrow();
  });

  it('renders its visible options as a Markdown table, with the resume column when the command resumes', () => {
    const lines = optionTableMarkdown(TABLE).trimEnd().split('\n');
    expect(lines[0]).toBe('| option | what it does | default | with `--resume` | stored at |');
    expect(lines[2]).toBe("| `--budget <n>` | metric calls | `300` | the run's | `settings.optimize.budget` |");
    expect(lines[3]).toBe('| `--patience <k>` | iterations without a new best | – | may change | – |');
    const { resume: _, ...unresumable } = TABLE;
    expect(optionTableMarkdown(unresumable).split('\n')[0]).toBe('| option | what it does | default | stored at |');
  });
});
