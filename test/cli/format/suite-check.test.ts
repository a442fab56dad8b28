import { describe, expect, it } from 'vitest';
import { wilson } from '../../../src/index.ts';
import { heldOutPowerLines, renderSuiteCheck, suiteCheckJson } from '../../../cli/format/suite-check.ts';
import type { CandidateSummary, SplitScores } from '../../../optimizer/search/optimize.ts';
import type { SuiteCheck } from '../../../src/suite-check/suite-check.ts';
import { minDetectableChange } from '../../../src/suite-check/power.ts';

const check = (fidelity: SuiteCheck['fidelity'], testEpisodes = 22): SuiteCheck => ({
  tools: [
    { name: 'read_file', server: 'files', steps: { train: 3, val: 2, test: 2, paraphrase: 1 }, simChosenRight: 0.9 },
    { name: 'delete_file', server: 'files', steps: { train: 0, val: 1, test: 1, paraphrase: 0 }, simChosenRight: 0.2 },
    { name: 'move_file', server: 'files', steps: { train: 0, val: 0, test: 0, paraphrase: 0 }, simChosenRight: null },
    { name: 'send_email', server: 'mail', steps: { train: 1, val: 0, test: 0, paraphrase: 0 }, simChosenRight: 1 },
  ],
  minDetectableChange: { episodes: testEpisodes, baseline: 0.5, significance: 0.05, power: 0.8, change: minDetectableChange(testEpisodes, 0.5) },
  selection: { server: 'files', competitors: ['mail'] },
  fidelity,
});
const poor = { agent: 'sim', share: 0.405, namesOnly: 0.5, steps: 42, gated: 0, threshold: 0.6, poor: true };

describe('the suite check as printed', () => {
  it("lists the server's tools with their steps per split, and says which no task or no train task covers, in a search", () => {
    const text = renderSuiteCheck(check(null), { server: 'files', search: { selection: false } });
    expect(text).toContain('Labelled plan steps per tool of files (train/val/test/paraphrase): read_file 3/2/2/1, delete_file 0/1/1/0, move_file 0/0/0/0.');
    expect(text).toContain('move_file has no labelled step: the suite never asks for it.');
    expect(text).toContain(
      'delete_file has 0 labelled train steps: too few for the search to learn what it is for from more than one request (the sim proposer names only jobs that come up in 2 train tasks or more). Add train tasks for it.',
    );
    expect(text).not.toContain('send_email');
    expect(text).not.toContain('selection');
    // a run is no search: nothing about train steps; every server's tools without a server
    const run = renderSuiteCheck(check(null), {});
    expect(run).not.toContain('train step');
    expect(run).toContain('send_email 1/0/0/0');
  });

  it("states the test split's reach, or that it has none", () => {
    expect(renderSuiteCheck(check(null), {})).toContain(
      "The test split's 22 episodes can show a rise in success of 38.1 points or more (two-proportion test, 80% power, two-sided 5%, from an assumed 50% success); a smaller change is within their noise.",
    );
    expect(renderSuiteCheck(check(null, 10), {})).toContain("The test split's 10 episodes cannot show any rise in success");
    expect(renderSuiteCheck(check(null, 0), {})).toContain('The suite has no test tasks');
  });

  it('names the competitors under --target selection only', () => {
    expect(renderSuiteCheck(check(null), { server: 'files', search: { selection: true } })).toContain(
      '--target selection scores the first choices that go to files rather than to mail.',
    );
  });

  it('says plainly when the sim reads the tools poorly, and how to run a model instead', () => {
    const text = renderSuiteCheck(check(poor), {});
    expect(text).toContain("chooses a labelled tool for 40.5% of the suite's 42 labelled steps, below the 60%");
    expect(text).toContain("the sim reads this suite's tools poorly, so its results here say little about how models would choose.");
    expect(text).toContain('--agent llm --model NAME, with OPENAI_BASE_URL and OPENAI_API_KEY set');
    expect(text).toContain("With the tools' names alone it chooses right for 50.0%: the descriptions mislead it, which is what a search can mend.");
    expect(text).toContain('It reads these tools worst: delete_file 20.0%, read_file 90.0%, send_email 100.0%.');
    const good = renderSuiteCheck(check({ ...poor, share: 0.85, poor: false }), {});
    expect(good).toContain('85.0%');
    expect(good).not.toContain('poorly');
    expect(good).not.toContain('--agent llm');
  });

  it("tells descriptions that help the reading from ones that change it little, against the tools' names alone", () => {
    expect(renderSuiteCheck(check({ ...poor, namesOnly: 0.3 }), {})).toContain(
      'names alone it chooses right for 30.0%: the descriptions help it, by +10.5 pts, and what it still misses it reads poorly even with them.',
    );
    expect(renderSuiteCheck(check({ ...poor, namesOnly: 0.39 }), {})).toContain(
      'the descriptions add little to what the names say, so descriptions that say more may help it, which is what a search looks for.',
    );
  });

  it('counts the labelled steps whose every labelled tool is named for an action the request does not ask for', () => {
    expect(renderSuiteCheck(check({ ...poor, gated: 2 }), {})).toContain(
      'For 2 labelled steps every labelled tool is named for an action the request does not ask for',
    );
    expect(renderSuiteCheck(check(poor), {})).not.toContain('named for an action');
  });

  it('lists every tool with fewer than two train steps with its count, in a search', () => {
    const few = check(null);
    few.tools[0] = { ...few.tools[0]!, steps: { ...few.tools[0]!.steps, train: 1 } };
    expect(renderSuiteCheck(few, { server: 'files', search: { selection: false } })).toContain(
      'read_file and delete_file have fewer than 2 labelled train steps (read_file 1, delete_file 0): too few',
    );
  });

  it('gives fidelity, min_detectable_change and the per-tool counts in JSON', () => {
    const json = suiteCheckJson(check(poor));
    expect(json).toMatchObject({
      fidelity: { agent: 'sim', share: 0.405, names_only: 0.5, steps: 42, gated: 0, threshold: 0.6, poor: true },
      min_detectable_change: 0.381,
      min_detectable_change_basis: { split: 'test', episodes: 22, assumed_baseline: 0.5 },
    });
    expect(json.tools[1]).toEqual({
      name: 'delete_file',
      server: 'files',
      labelled_steps: { train: 0, val: 1, test: 1, paraphrase: 0 },
      sim_chosen_right: 0.2,
    });
  });
});

const split = (successes: number, tasks: number): SplitScores => ({ score: 0, success: wilson(successes, tasks), firstChoiceShare: 1, usedServer: 1 });
const candidate = (test: SplitScores, paraphrase: SplitScores | null): CandidateSummary => ({
  candidate: 0,
  val: split(5, 10),
  test,
  paraphrase,
  tokens: 10,
  descriptions: {},
});

describe("the optimize summary's word on a held-out change", () => {
  it('says when the change is smaller than the split can show from the seed, and how many episodes would show it', () => {
    const lines = heldOutPowerLines(candidate(split(11, 22), split(12, 24)), candidate(split(16, 22), split(24, 24)));
    expect(lines).toEqual([
      "  test: the change of +22.7 pts is within the split's noise: its 22 episodes show only changes of 38.1 points or more from the seed's 50.0% (80% power, two-sided 5%). About 71 episodes per version would show a change this large (`tdo experiment --repeat 4`).",
    ]);
  });

  it('says when no change in that direction can be shown, and nothing more for no change', () => {
    const [line] = heldOutPowerLines(candidate(split(9, 10), null), candidate(split(9, 10), null));
    expect(line).toBe(
      "  test: the change of ±0.0 pts is within the split's noise: its 10 episodes cannot show any rise from the seed's 90.0% (80% power, two-sided 5%).",
    );
  });
});
