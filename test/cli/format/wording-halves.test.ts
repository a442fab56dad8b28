import { describe, expect, it } from 'vitest';
import { wordingHalvesJson, wordingHalvesLines } from '../../../cli/format/wording-halves.ts';

const half = (tasks: number, seedSuccesses: number, bestSuccesses: number) => ({ tasks, episodes: tasks, seedSuccesses, bestSuccesses });

describe('the optimize summary on where the test gain lies by wording', () => {
  it('gives each half its tasks and its change with the interval, and says which half the gain is larger on', () => {
    const [line] = wordingHalvesLines({ median: 0.05, close: half(11, 4, 8), far: half(11, 7, 7), unmeasured: 0 }, 'lab');
    expect(line).toContain("test by wording (each request against the seed's descriptions of its tools, split at the median overlap of 5.0%)");
    expect(line).toMatch(/the closer half \(11 tasks\) \+36\.4 pts \[.+\], the farther half \(11 tasks\) ±0\.0 pts \[.+\]/);
    expect(line).toContain("the change is larger on the closer half, which descriptions repeating the tasks' words could explain.");
    expect(wordingHalvesLines({ median: 0.05, close: half(11, 4, 4), far: half(11, 7, 9), unmeasured: 2 }, 'lab')[0]).toContain(
      'the change is larger on the farther half, worded least like the descriptions. 2 test tasks left out (no labelled tool of lab, or no content word).',
    );
  });

  it('reads equal changes of different counts as the same', () => {
    expect(wordingHalvesLines({ median: 0.05, close: half(11, 5, 6), far: half(11, 6, 7), unmeasured: 0 }, 'lab')[0]).toContain(
      'the change is the same on both halves.',
    );
  });

  it('says nothing without the halves or with an empty half, and gives the counts and changes in --json', () => {
    expect(wordingHalvesLines(undefined, 'lab')).toEqual([]);
    expect(wordingHalvesLines({ median: 0, close: half(0, 0, 0), far: half(8, 2, 3), unmeasured: 0 }, 'lab')).toEqual([]);
    const json = wordingHalvesJson({ median: 0.05, close: half(2, 0, 2), far: half(2, 1, 1), unmeasured: 1 });
    expect(json).toMatchObject({ median_overlap: 0.05, unmeasured: 1, far: { tasks: 2, seed_successes: 1, best_successes: 1, change: { delta: 0 } } });
    expect(json.close.change!.delta).toBe(1);
  });
});
