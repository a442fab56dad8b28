import { describe, expect, it } from 'vitest';
import { wilson } from '../../../src/index.ts';
import { unbeatenSeedLines, unbeatenSeedNext } from '../../../cli/format/optimize-report.ts';
import type { OptimizeReport, SplitScores } from '../../../optimizer/search/optimize.ts';
import type { SuiteCheck } from '../../../src/suite-check/suite-check.ts';

const split = (successes: number, tasks: number): SplitScores => ({ score: 0, success: wilson(successes, tasks), firstChoiceShare: 1, usedServer: 1 });
/** The lines read only the run, its server, target, budget, proposer and the seed's validation scores. */
const report = (val: SplitScores, proposer = 'sim') =>
  ({
    runId: 'r-1',
    suite: 'lab',
    suitePath: '/x/lab.yaml',
    server: 'files',
    target: 'success',
    budget: 300,
    proposer,
    seed: { val },
  }) as unknown as OptimizeReport;
const steps = (train: number) => ({ train, val: 1, test: 1, paraphrase: 0 });
const check = (fidelity: Partial<NonNullable<SuiteCheck['fidelity']>> | null): SuiteCheck => ({
  tools: [
    { name: 'read_file', server: 'files', steps: steps(3), simChosenRight: 0.9 },
    { name: 'delete_file', server: 'files', steps: steps(1), simChosenRight: 0.2 },
    { name: 'send_email', server: 'mail', steps: steps(0), simChosenRight: 1 },
  ],
  minDetectableChange: { episodes: 22, baseline: 0.5, significance: 0.05, power: 0.8, change: 0.381 },
  selection: null,
  fidelity: fidelity === null ? null : { agent: 'sim', share: 0.45, namesOnly: 0.4, steps: 40, gated: 0, threshold: 0.6, poor: true, ...fidelity },
});

describe('why a seed was not beaten, and what to do next', () => {
  it("gives the val split's reach, the server's tools with too few train steps, gated steps and a poor reading", () => {
    expect(unbeatenSeedLines(report(split(10, 22)), check({ gated: 2 }))).toEqual([
      'why the seed was not beaten:',
      expect.stringMatching(/^ {2}the val split's 22 episodes show only a rise of \+\d+\.\d pts or more from the seed's 45\.5% with 80% power$/),
      '  delete_file (1) has fewer than 2 labelled train steps to learn from',
      '  for 2 labelled steps the sim sinks every labelled tool by its name, whatever its description says',
      "  the sim reads this suite's tools poorly (45.0% of labelled steps chosen right)",
    ]);
    expect(unbeatenSeedLines(report(split(7, 11)), check({ poor: false, share: 0.8 }))[1]).toBe(
      "  the val split's 11 episodes cannot show a rise from the seed's 63.6%: a candidate can win only by luck",
    );
  });

  it('suggests train tasks, a larger search, a model as proposer and as agent, each only where it applies', () => {
    expect(unbeatenSeedNext(report(split(10, 22)), check({}))).toEqual([
      '  add train tasks for delete_file, then search again',
      '  `tdo optimize --suite /x/lab.yaml --server files --target success --budget 600`   a new search with twice the budget',
      '  `--proposer llm --model NAME`   a model proposes, with OPENAI_BASE_URL and OPENAI_API_KEY set',
      '  `--agent llm --model NAME`   measure with a model instead of the sim',
    ]);
    expect(unbeatenSeedNext(report(split(10, 22), 'llm:gpt'), check(null))).toEqual([
      '  add train tasks for delete_file, then search again',
      '  `tdo optimize --suite /x/lab.yaml --server files --target success --budget 600`   a new search with twice the budget',
    ]);
  });
});
