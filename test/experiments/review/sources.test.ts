// Issue 34, finding 6: `tdo lint VERSION` read every recorded result whole (26 results of 9 MB took it past 2 GB);
// it reads the first LINT_RESULT_CHARS characters of each, and lints as it did with the whole results.
import { describe, expect, it } from 'vitest';
import { lintDescriptions } from '../../../experiments/review/lint/lint.ts';
import { isFileReference, LINT_RESULT_CHARS, lintSubject } from '../../../experiments/review/sources.ts';
import { openTempStore, runInput, toolStep } from '../../traces/helpers.ts';

const COPIED = 'The weather in Paris is sunny today with a light breeze from the west.';
/** Four results of 5 MB, each opening with a sentence a description may copy. */
const LARGE = [0, 1, 2, 3].map((i) => `${COPIED} Reading ${i}: ${'x'.repeat(5_000_000)}`);
const NORMAL = ['Sunny, 21 degrees.', 'The forecast for Lyon calls for light rain in the evening, clearing by morning.'];

describe('lintSubject', () => {
  it('reads a bounded prefix of each recorded result, however large, and lints as with the whole results', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 't1', split: 'train', repeat: 0, seed: 1 });
    for (const output of [...LARGE, ...NORMAL]) store.addToolStep(episode.id, { ...toolStep('weather'), output });
    const descriptions = {
      weather: `Gets the weather. For example: ${COPIED}`,
      forecast: 'Forecasts: the forecast for Lyon calls for light rain in the evening, clearing by morning.',
    };
    const version = store.recordVersion({ server: 'lab', descriptions, origin: 'seed' });

    const subject = lintSubject(store, version.id);
    expect(subject.toolResults).toHaveLength(LARGE.length + NORMAL.length);
    for (const text of subject.toolResults) expect([...text].length).toBeLessThanOrEqual(LINT_RESULT_CHARS);
    expect(subject.toolResults.reduce((n, t) => n + t.length, 0)).toBeLessThanOrEqual((LARGE.length + NORMAL.length) * LINT_RESULT_CHARS);
    // the normal results are read whole, and the flags are those the whole results give
    expect(subject.toolResults).toEqual(expect.arrayContaining(NORMAL));
    const flags = lintDescriptions(descriptions, { toolResults: subject.toolResults });
    expect(flags.filter((f) => f.rule === 'copied-result').map((f) => f.tool)).toEqual(['forecast', 'weather']);
    expect(flags).toEqual(lintDescriptions(descriptions, { toolResults: [...LARGE, ...NORMAL] }));
  });
});

describe('isFileReference', () => {
  it('reads a path that does not exist as a missing file, never as a version id', () => {
    expect(isFileReference('some/file.json')).toBe(true);
    expect(isFileReference('descriptions.json')).toBe(true);
    expect(isFileReference('lab-1a8d7bcd10')).toBe(false);
  });
});
