// `npm run figures`: reruns what README.md quotes, on the code as it is, and prints the figures in the order
// the README gives them, so a refresh is one command. Every run goes through the CLI (bin/tdo.js), each into
// a database of its own under a scratch folder; nothing here is a benchmark or a test.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scratchDir } from './lib/temp.ts';

const TDO = fileURLToPath(new URL('../bin/tdo.js', import.meta.url));
const run = promisify(execFile);
const dir = scratchDir('readme-figures');
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;

async function tdoJson<T>(args: string[], db: string): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [TDO, ...args, '--db', join(dir, db), '--json'], {
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
  });
  return { value: JSON.parse(stdout) as T, seconds: (performance.now() - started) / 1000 };
}

type Split = { success_rate: number; first_choice_share: number; used_server: number };
type Optimize = {
  version_id: string;
  stop_reason: string;
  budget_used: number;
  seed: { test: Split; paraphrase?: Split };
  best: { test: Split; paraphrase?: Split };
  added_words: { count: number; train_only: string[] };
};

console.log('Quick start: tdo optimize --target success --suite lab --server lab, seeds 0, 1, 2 (sim agent and proposer)');
const gains = { test: [] as number[], paraphrase: [] as number[] };
for (const seed of [0, 1, 2]) {
  const { value: r, seconds } = await tdoJson<Optimize>(
    ['optimize', '--target', 'success', '--suite', 'lab', '--server', 'lab', '--seed', String(seed)],
    `lab-${seed}.db`,
  );
  const p =
    r.seed.paraphrase !== undefined && r.best.paraphrase !== undefined ? { seed: r.seed.paraphrase.success_rate, best: r.best.paraphrase.success_rate } : null;
  gains.test.push(r.best.test.success_rate - r.seed.test.success_rate);
  if (p !== null) gains.paraphrase.push(p.best - p.seed);
  console.log(
    `  seed ${seed}: ${r.version_id}, test success ${pct(r.seed.test.success_rate)} -> ${pct(r.best.test.success_rate)}` +
      `${p === null ? '' : `, paraphrase ${pct(p.seed)} -> ${pct(p.best)}`}, words added ${r.added_words.count} (${r.added_words.train_only.length} train-only), ` +
      `${r.budget_used} calls, stopped: ${r.stop_reason}, ${seconds.toFixed(0)} s`,
  );
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
console.log(
  `  mean gain: test ${pts(mean(gains.test))} points, paraphrase ${pts(mean(gains.paraphrase))} points (${(mean(gains.paraphrase) / mean(gains.test)).toFixed(2)} of test's)`,
);

console.log('The overconfident contractor on lab: tdo optimize --target selection --suite lab --server labplus (seed 0)');
const { value: plus } = await tdoJson<Optimize>(['optimize', '--target', 'selection', '--suite', 'lab', '--server', 'labplus'], 'labplus.db');
console.log(
  `  test first-choice share ${pct(plus.seed.test.first_choice_share)} -> ${pct(plus.best.test.first_choice_share)}, used server ${pct(plus.seed.test.used_server)} -> ${pct(plus.best.test.used_server)}, ` +
    `test success ${pct(plus.seed.test.success_rate)} -> ${pct(plus.best.test.success_rate)}`,
);

type Interval = { delta: number; ci: [number, number] };
type Row = {
  first_choice_share: number;
  first_choice_share_ci: [number, number];
  used_server: number;
  success_rate: number;
  success_ci: [number, number];
  savings_per_buyer: number;
  first_choice_share_by_seller: Record<string, number>;
  other_sellers_first_choice_share: number;
};
type Demo = { effects: Record<string, Interval>; findings: Record<string, boolean>; seed: Row; selection_best: Row; success_best: Row; shipped: Row };
console.log('The demo: tdo demo overconfident at its defaults');
const { value: demo, seconds } = await tdoJson<Demo>(['demo', 'overconfident', '--out', join(dir, 'demo-report')], 'demo.db');
const effect = (name: string) => {
  const e = demo.effects[name]!;
  return `${pts(e.delta)} [${pts(e.ci[0])}, ${pts(e.ci[1])}]`;
};
const ci = (rate: number, [low, high]: [number, number]) => `${pct(rate)} [${(low * 100).toFixed(0)}%, ${(high * 100).toFixed(0)}%]`;
for (const [label, row] of [
  ['honest seed', demo.seed],
  ['selection-best', demo.selection_best],
  ['success-best', demo.success_best],
  ['shipped', demo.shipped],
] as const) {
  console.log(
    `  ${label}: first-choice share ${ci(row.first_choice_share, row.first_choice_share_ci)}, used server ${pct(row.used_server)}, success ${ci(row.success_rate, row.success_ci)}, ` +
      `saved per buyer ${pct(row.savings_per_buyer)}; first-choice shares ${Object.entries(row.first_choice_share_by_seller)
        .map(([s, x]) => `${s} ${pct(x)}`)
        .join(', ')}, other sellers ${pct(row.other_sellers_first_choice_share)}`,
  );
}
console.log(`  first-choice share, selection-best minus honest seed: ${effect('first_choice_selection_minus_seed')} points`);
console.log(
  `  success: selection-best ${pct(demo.selection_best.success_rate)}, success-best ${pct(demo.success_best.success_rate)}, difference ${effect('success_selection_minus_success_best')} points`,
);
console.log(
  `  savings per buyer, selection-best minus success-best: ${effect('savings_per_buyer_selection_minus_success_best')} points; other sellers' first choices ${effect('other_sellers_selection_minus_seed')} points`,
);
console.log(
  `  findings: ${Object.entries(demo.findings)
    .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
    .join(', ')}; ${seconds.toFixed(0)} s`,
);
