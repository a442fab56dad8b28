import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionTableMarkdown, type OptionTable } from '../../../cli/option-table.ts';
import { storedRunConfigSchema } from '../../../cli/actions/run.ts';
import { DEMO_OPTIONS } from '../../../cli/tables/demo.ts';
import { EXPERIMENT_OPTIONS } from '../../../cli/tables/experiment.ts';
import { OPTIMIZE_OPTIONS } from '../../../cli/tables/optimize.ts';
import { RUN_OPTIONS } from '../../../cli/tables/run.ts';
import { optimizeSettingsSchema } from '../../../optimizer/mcp/settings.ts';
import { REPO_ROOT } from '../../support/lab-runs.ts';

const TABLES: Record<string, OptionTable> = { run: RUN_OPTIONS, optimize: OPTIMIZE_OPTIONS, experiment: EXPERIMENT_OPTIONS, demo: DEMO_OPTIONS };
const DOC = 'docs/commands.md';

/** The body of `<!-- options:NAME -->` ... `<!-- /options -->` in the doc, or undefined. */
function docBlock(text: string, name: string): string | undefined {
  const match = new RegExp(`^<!-- options:${name} -->\\n([\\s\\S]*?)^<!-- /options -->$`, 'm').exec(text);
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
      expect(block, `${DOC} needs a block <!-- options:${name} --> ... <!-- /options -->`).toBeDefined();
      expect(block, `${DOC}'s ${name} options differ from cli/tables/${name}.ts: replace the block with the expected text`).toBe(optionTableMarkdown(table));
    });

    it(`${name}: every stored path names a field its run's settings schema reads back`, () => {
      for (const [key, spec] of Object.entries(table)) {
        if (spec.stored === null || spec.stored === 'runs.suite_path') continue;
        const prefix = Object.keys(STORED_KEYS).find((p) => spec.stored === p || spec.stored!.startsWith(`${p}.`));
        expect(prefix, `${key}: ${spec.stored}`).toBeDefined();
        const field = spec.stored.slice(prefix!.length + 1).split(/[.\s]/)[0]!;
        if (field !== '') expect(STORED_KEYS[prefix!], `${key}: ${spec.stored}`).toContain(field);
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
