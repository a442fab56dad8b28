// The wording-overlap measure (src/text/overlap.ts) on requests people wrote: the lab suite's prompts against the
// seed descriptions of the lab tools their plans label. Its paraphrase split, written to differ from the other
// splits' wording, stays far under the drafting bound; its train split does not always (docs/suites.md, "Drafting
// a suite with a model", quotes these figures).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../../src/suite/load.ts';
import { DEFAULT_MAX_OVERLAP } from '../../../../src/suite-draft/model/generate.ts';
import { wordOverlap } from '../../../../src/text/overlap.ts';

const descriptions = JSON.parse(readFileSync(new URL('../../../../servers/lab/descriptions.json', import.meta.url), 'utf8')) as Record<string, string>;
const { suite } = loadSuite(new URL('../../../../experiments/shipped/suites/lab.yaml', import.meta.url).pathname);

/** Mean and highest overlap of a split's prompts, in percent to one decimal. */
function figures(split: string): { mean: string; max: string } {
  const shares = suite.tasks
    .filter((t) => t.split === split)
    .map((t) => {
      const tools = [...new Set(t.plan.flatMap((s) => s.tools).map((label) => label.split('/').at(-1)!))].filter((name) => Object.hasOwn(descriptions, name));
      return wordOverlap(t.prompt, tools.map((name) => descriptions[name]).join(' ')).share;
    })
    .filter((share) => share !== null);
  return { mean: (100 * (shares.reduce((a, b) => a + b, 0) / shares.length)).toFixed(1), max: (100 * Math.max(...shares)).toFixed(1) };
}

describe("the lab suite's wording overlap with its seed descriptions", () => {
  it('is lowest on the paraphrase split, which stays under the drafting bound', () => {
    expect(figures('train')).toEqual({ mean: '5.9', max: '28.6' });
    expect(figures('test')).toEqual({ mean: '7.3', max: '25.0' });
    expect(figures('paraphrase')).toEqual({ mean: '1.5', max: '12.5' });
    expect(Number(figures('paraphrase').max) / 100).toBeLessThan(DEFAULT_MAX_OVERLAP);
    expect(Number(figures('train').max) / 100).toBeGreaterThan(DEFAULT_MAX_OVERLAP);
  });
});
