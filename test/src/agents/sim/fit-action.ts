/**
 * The searches behind the action parameters in src/agents/sim/params.ts (not a test; run with
 * `npx tsx test/src/agents/sim/fit-action.ts [step3|step4]`, a few minutes each), the other parameters at their
 * defaults, maximizing the expected top-1 accuracy with noise (the exact softmax probability of the correct tool)
 * averaged over BFCL live_multiple, BFCL v3 multiple and the 8 ToolE 10-tool catalogues. Step 3: a grid over the
 * action weight, the WordNet senses counted and the similarity's exponent. Step 4: the action class gate
 * (action-class.ts), a grid over its conflict penalty, its fit bonus and the action weight beside them. Our own
 * suites and the CRUD suites (the check) are never used.
 */
import { resolveSimParams, type SimParams, type SimParamsOverrides } from '../../../../src/agents/sim/params.ts';
import { calibrationSets, decide, meanExpectedAccuracy, type Decision } from './selection-sets.ts';

const datasets = calibrationSets();

function report(label: string, decided: ReadonlyArray<readonly [string, Decision[][]]>, overrides: SimParamsOverrides): void {
  const weighed = resolveSimParams(overrides);
  const means = decided.map(([name, groups]) => [name, meanExpectedAccuracy(groups, weighed)] as const);
  const overall = means.reduce((s, [, m]) => s + m, 0) / means.length;
  console.log(`${label}: ${overall.toFixed(4)} (${means.map(([n, m]) => `${n} ${m.toFixed(3)}`).join(', ')})`);
}

/** The signals read once per setting of the parameters they depend on; the weights vary without re-reading. */
function decideAll(params: SimParams) {
  return Object.entries(datasets).map(([name, groups]) => [name, groups.map((tasks) => decide(tasks, params))] as const);
}

function step3(): void {
  const grid: Array<SimParams['action']> = [1, 3].flatMap((senses) => [1, 2].map((exponent) => ({ ...resolveSimParams().action, senses, exponent })));
  for (const action of grid) {
    const decided = decideAll(resolveSimParams({ action }));
    for (const weight of [0, 2, 4, 6, 8])
      report(`senses ${action.senses} exponent ${action.exponent} weight ${weight}`, decided, { action, weights: { action: weight } });
  }
}

function step4(): void {
  const decided = decideAll(resolveSimParams());
  for (const conflict of [0, 11])
    for (const action of [0, 1, 2, 4, 6])
      for (const classFit of [0, 0.5, 1, 1.5, 2, 3, 4])
        report(`conflict ${conflict} action ${action} class fit ${classFit}`, decided, { weights: { conflict, action, classFit } });
}

if (process.argv[2] !== 'step4') step3();
if (process.argv[2] !== 'step3') step4();
