/**
 * Whether any setting of the sim's meaning parameters that the real data tolerates reads the CRUD suites better
 * (not a fit, and not a test; run with `npx tsx test/src/agents/sim/crud-landscape.ts`, a few minutes). For each
 * setting beside the defaults: the mean expected top-1 accuracy on the calibration data (selection-sets.ts, what
 * fit-params.ts and fit-action.ts maximize) and the labelled tool's expected share on each CRUD suite with the
 * server's own descriptions. The CRUD suites are only read here, as the check; nothing is chosen by them. Then
 * how often the calibration data's function names carry each action verb: what the data can teach the action
 * channel about create, update and delete. `--defaults` measures the defaults alone (counter-fit.ts).
 */
import { DEFAULT_SIM_PARAMS, resolveSimParams, type SimParamsOverrides } from '../../../../src/agents/sim/params.ts';
import { verbs } from '../../../../src/agents/sim/actions/verbs.ts';
import { isContentWord, words } from '../../../../src/text/words.ts';
import { CRUD_SUITES, readCrudSuite } from './crud-suites.ts';
import { calibrationSets, decide, meanExpectedAccuracy, type SelectionTask } from './selection-sets.ts';

const SETTINGS: SimParamsOverrides[] = [
  {},
  { weights: { action: 0 } },
  { weights: { action: 10 } },
  { weights: { action: 14 } },
  { weights: { semantic: 10, action: 10 } },
  { weights: { semantic: 15 } },
  { semantic: { nameWeight: 2 } },
  { action: { senses: 1 } },
  { action: { senses: 8 } },
  { action: { senses: 8 }, weights: { action: 10 } },
];

const calibration = calibrationSets();
const crud = Object.entries(CRUD_SUITES).map(([name, spec]) => {
  const { tasks, own } = readCrudSuite(spec);
  return [name, tasks.map((t): SelectionTask => ({ intent: t.plan[0]!.intent, tools: own, correct: t.plan[0]!.tools }))] as const;
});

// --defaults: the defaults alone (counter-fit.ts measures other vectors so), without the verb counts below.
const defaultsOnly = process.argv.includes('--defaults');
for (const overrides of defaultsOnly ? [{}] : SETTINGS) {
  const params = resolveSimParams(overrides);
  const cal = Object.entries(calibration).map(
    ([name, groups]) =>
      [
        name,
        meanExpectedAccuracy(
          groups.map((g) => decide(g, params)),
          params,
        ),
      ] as const,
  );
  const checks = crud.map(([name, tasks]) => [name, meanExpectedAccuracy([decide(tasks, params)], params)] as const);
  const mean = cal.reduce((s, [, a]) => s + a, 0) / cal.length;
  const show = (rows: ReadonlyArray<readonly [string, number]>) => rows.map(([n, a]) => `${n} ${a.toFixed(3)}`).join(', ');
  console.log(`${JSON.stringify(overrides)}: calibration ${mean.toFixed(4)} (${show(cal)}); CRUD ${show(checks)}`);
}

if (!defaultsOnly) countNameVerbs();

// Each distinct function of BFCL live_multiple and v3 multiple, counted once per verb of its name, read as the
// action channel reads a single word (a WordNet verb lemma used as a verb at least minVerbShare of the time).
function countNameVerbs(): void {
  const table = verbs();
  const functions = new Map(
    Object.values(calibration)
      .slice(0, 2)
      .flat(2)
      .flatMap((t) => t.tools.map((tool) => [tool.name, tool] as const)),
  );
  const counts = new Map<string, number>();
  for (const name of functions.keys())
    for (const lemma of new Set(
      words(name)
        .filter(isContentWord)
        .map((w) => table.lemma(w)),
    ))
      if (lemma !== undefined && table.verbShare(lemma) >= DEFAULT_SIM_PARAMS.action.minVerbShare) counts.set(lemma, (counts.get(lemma) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const crudVerbs = ['create', 'add', 'insert', 'update', 'change', 'edit', 'rename', 'delete', 'remove', 'drop'];
  console.log(`${functions.size} BFCL functions; name verbs: ${top.map(([v, n]) => `${v} ${n}`).join(', ')}`);
  console.log(`... of which create, update and delete verbs: ${crudVerbs.map((v) => `${v} ${counts.get(v) ?? 0}`).join(', ')}`);
}
