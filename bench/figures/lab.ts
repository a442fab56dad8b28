// The lab figures: the quick start's output (README.md), seeds 0, 1 and 2 of the main job (docs/optimizer.md) and
// the overconfident contractor, labplus optimized for selection (README.md).
import { pct, pts, secs, tdoJson, tdoTerminal } from './tdo.ts';

type Split = { success_rate: number; first_choice_share: number; used_server: number };
type Optimize = {
  version_id: string;
  seed_version_id: string;
  stop_reason: string;
  budget_used: number;
  seed: { test: Split; paraphrase?: Split };
  best: { test: Split; paraphrase?: Split };
  added_words: { count: number; train_only: string[] };
};
type Diff = { tools: Array<{ lint_appeared: Array<{ tool: string; rule: string; severity: string; phrase: string | null }> }> };

const MAIN = ['optimize', '--target', 'success', '--suite', 'lab', '--server', 'lab'];

/** The main job's terminal output at its defaults, as the quick start shows it. */
export async function quickStart(): Promise<string> {
  const { text, seconds } = await tdoTerminal(MAIN, 'quick-start');
  return ['```', text, '```', '', `That run took ${secs(seconds)} on the machine that ran \`npm run figures\`.`].join('\n');
}

const change = (seed: number, best: number) => `${pct(seed)} -> ${pct(best)}`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** The main job at seeds 0, 1 and 2: a table, and the mean gains on the held-out splits. */
export async function seeds(): Promise<string> {
  const rows = [
    '| seed | winner | test success | paraphrase success | content words added (train-only) | metric calls | stopped | time |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const gains = { test: [] as number[], paraphrase: [] as number[] };
  for (const seed of [0, 1, 2]) {
    const { value: r, seconds } = await tdoJson<Optimize>([...MAIN, '--seed', String(seed)], `lab-${seed}.db`);
    const [p, q] = [r.seed.paraphrase, r.best.paraphrase];
    gains.test.push(r.best.test.success_rate - r.seed.test.success_rate);
    if (p !== undefined && q !== undefined) gains.paraphrase.push(q.success_rate - p.success_rate);
    const paraphrase = p === undefined || q === undefined ? '–' : change(p.success_rate, q.success_rate);
    rows.push(
      `| ${seed} | ${r.version_id} | ${change(r.seed.test.success_rate, r.best.test.success_rate)} | ${paraphrase} | ` +
        `${r.added_words.count} (${r.added_words.train_only.length}) | ${r.budget_used} | ${r.stop_reason} | ${secs(seconds)} |`,
    );
  }
  const [t, p] = [mean(gains.test), mean(gains.paraphrase)];
  return [...rows, '', `Mean gain: test ${pts(t)} points, paraphrase ${pts(p)} points.`].join('\n');
}

/** labplus's description optimized for being chosen: its shares, the success it costs, the lint flags it gains. */
export async function labplus(): Promise<string> {
  const { value: r } = await tdoJson<Optimize>(['optimize', '--target', 'selection', '--suite', 'lab', '--server', 'labplus'], 'labplus.db');
  const { value: diff } = await tdoJson<Diff>(['diff', r.seed_version_id, r.version_id], 'labplus.db');
  const gained = diff.tools.flatMap((t) => t.lint_appeared).filter((f) => f.severity !== 'info');
  const phrases = [...new Set(gained.map((f) => (f.phrase === null ? f.rule : `"${f.phrase}"`)))];
  const pad = ' '.repeat(67);
  const [s, b] = [r.seed.test, r.best.test];
  return [
    '```sh',
    `npx tdo optimize --target selection --suite lab --server labplus   # test first-choice share ${change(s.first_choice_share, b.first_choice_share)}, used server ${change(s.used_server, b.used_server)},`,
    `${pad}# test success ${change(s.success_rate, b.success_rate)}`,
    `${pad}# ${phrases.length === 0 ? 'winner gains no lint warning or error' : `winner gains ${phrases.join(', ')}`}`,
    'npx tdo optimize --target success   --suite lab --server labplus   # the same search aimed at success keeps it honest',
    '```',
  ].join('\n');
}
