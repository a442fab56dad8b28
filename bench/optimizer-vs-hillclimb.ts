// The GEPA-style engine against random-edit hill climbing at equal budget on the lab suite (sim agent):
// the same sim edit operators, but the baseline always mutates the current best (no Pareto front) and its
// proposer sees the tasks only (no trajectories, no reflection data). Measured: metric calls until the
// best candidate's validation success reaches 95% of what the accurate descriptions achieve; a run that
// never reaches a level within the budget is censored there (counted as the whole budget, shown as '-').
//   npx tsx bench/optimizer-vs-hillclimb.ts [budget] [seeds]
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimAgent } from '../src/agents/sim/agent.ts';
import { runSuite } from '../src/run/run-suite.ts';
import { loadSuite } from '../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../experiments/shipped/suites/shipped.ts';
import { openTraceStore } from '../traces/index.ts';
import { optimize, type OptimizeSettings } from '../optimizer/search/optimize.ts';
import { OPTIMIZE_DEFAULTS } from '../optimizer/search/defaults.ts';
import { SimProposer } from '../optimizer/proposers/sim/proposer.ts';

const budget = Number(process.argv[2] ?? 1000);
const seeds = Number(process.argv[3] ?? 3);
const store = openTraceStore(join(mkdtempSync(join(tmpdir(), 'tdo-bench-')), 'bench.db'));
const loaded = loadSuite('lab', { shippedSuites: SHIPPED_SUITES_DIR });
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, string>;
// The reference is what the searches can reach: accurate descriptions for lab (the server they rewrite),
// with labplus left as shipped, as it is during the searches.
const accurate = [store.recordVersion({ server: 'lab', descriptions: fixture('lab-accurate-descriptions.json'), origin: 'manual' }).id];
const reference = await runSuite({
  store,
  loaded,
  agent: new SimAgent(),
  options: { split: 'val', repeats: 1, seed: 0, concurrency: 4, versionIds: accurate },
});
const referenceRate = reference.success.rate;
if (referenceRate === null) throw new Error(`the reference run ${reference.runId} judged no episode (${reference.errors.errors} errored)`);
const threshold = 0.95 * referenceRate;
console.log(
  `accurate lab descriptions (labplus as shipped): val success ${referenceRate.toFixed(3)}; threshold ${threshold.toFixed(3)}; budget ${budget} per run; sim agent and sim proposer (simulated, not LLM results)`,
);

const base: Omit<OptimizeSettings, 'randomSeed' | 'selector' | 'reflection' | 'componentChoice'> = {
  server: 'lab',
  target: 'success',
  budget,
  minibatch: OPTIMIZE_DEFAULTS.minibatch,
  merge: OPTIMIZE_DEFAULTS.merge,
  concurrency: 4,
  agent: { kind: 'sim' },
  proposer: { kind: 'sim' },
};
const variants = {
  engine: { selector: 'pareto', reflection: true, componentChoice: 'attribution' },
  hillclimb: { selector: 'best', reflection: false, componentChoice: 'round-robin' },
} as const;

/** Fractions of the accurate success; 0.95 is the headline, the lower ones show the pace when 0.95 is not reached. */
const LEVELS = [0.6, 0.7, 0.8, 0.95];
const rows: Array<{ variant: string; seed: number; calls: Record<number, number | null>; best: number }> = [];
for (let seed = 0; seed < seeds; seed++) {
  for (const [variant, strategy] of Object.entries(variants)) {
    const report = await optimize({
      store,
      loaded,
      agent: new SimAgent(),
      proposer: new SimProposer(),
      settings: { ...base, ...strategy, randomSeed: seed },
      reportTest: false,
    });
    const calls = Object.fromEntries(
      LEVELS.map((level) => [level, report.history.find((h) => (h.valMetrics['success'] ?? 0) >= level * referenceRate)?.budgetUsed ?? null]),
    );
    rows.push({ variant, seed, calls, best: report.best.val.success.rate ?? 0 });
    console.log(
      `${variant.padEnd(9)} seed ${seed}: best val success ${(report.best.val.success.rate ?? 0).toFixed(3)}; calls to ${LEVELS.map((l) => `${l * 100}%: ${calls[l] ?? '- (censored)'}`).join(', ')}`,
    );
  }
}

// A run that never reached a level counts as needing the whole budget (censored); a median that falls on
// such a run is only a lower bound, and so is the ratio's side it is on.
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const medianCalls = (variant: string, level: number) => median(rows.filter((r) => r.variant === variant).map((r) => r.calls[level] ?? budget));
const reachedCount = (variant: string, level: number) => rows.filter((r) => r.variant === variant && r.calls[level] !== null).length;
const medianCensored = (variant: string, level: number) => reachedCount(variant, level) <= Math.floor((seeds - 1) / 2);
for (const level of LEVELS) {
  const [e, h] = [medianCalls('engine', level), medianCalls('hillclimb', level)];
  const shown = (v: string, calls: number) => `${medianCensored(v, level) ? '>= ' : ''}${calls} calls (${reachedCount(v, level)}/${seeds} reached)`;
  const [eCut, hCut] = [medianCensored('engine', level), medianCensored('hillclimb', level)];
  const ratio = eCut && hCut ? 'unknown (both medians censored at the budget)' : `${hCut ? '>= ' : eCut ? '<= ' : ''}${(h / e).toFixed(2)}`;
  console.log(
    `${String(level * 100).padStart(3)}% of accurate success: engine median ${shown('engine', e)}, hill climbing ${shown('hillclimb', h)}; ratio hill/engine ${ratio}`,
  );
}
for (const variant of Object.keys(variants)) {
  const mine = rows.filter((r) => r.variant === variant);
  console.log(`${variant}: mean best val success at ${budget} calls ${(mine.reduce((s, r) => s + r.best, 0) / mine.length).toFixed(3)}`);
}
store.close();
