// Deferred tool loading's figures (docs/tool-search.md, README.md): the three large-catalogue suites and the lab
// suite, every task, run with every tool listed and under each tool search (sim agent, seed 0).
import { fileURLToPath } from 'node:url';
import { pct, tdoJson } from './tdo.ts';

const MODES = ['off', 'bm25', 'regex'] as const;
type Mode = (typeof MODES)[number];

/** What the figures read of `tdo run --json` (cli/format/run-report.ts); the deferred-loading fields are absent with every tool listed. */
interface RunJson {
  judged: number;
  successes: number;
  success_rate: number;
  success_low: number;
  success_high: number;
  labelled_steps?: number;
  labelled_steps_found?: number;
  found_at_k_low?: number;
  found_at_k_high?: number;
  labelled_steps_ranked_first?: number | null;
  mean_rank_when_found?: number | null;
  loaded_tokens_per_episode?: number | null;
  all_tools_tokens?: number | null;
  suite_check: { tools: Array<{ server: string }> };
}

const suiteFile = (name: string) => fileURLToPath(new URL(`../../experiments/shipped/suites/${name}.yaml`, import.meta.url));
const CATALOGUE_SUITES = { large: 'large-catalogue', recurring: 'large-catalogue-recurring', paraphrase: 'large-catalogue-paraphrase' } as const;
type CatalogueSuite = keyof typeof CATALOGUE_SUITES;
const SUITES = {
  ...(Object.fromEntries(Object.entries(CATALOGUE_SUITES).map(([key, name]) => [key, suiteFile(name)])) as Record<CatalogueSuite, string>),
  lab: 'lab',
};
type Suite = keyof typeof SUITES;

// The README's lines and the page's table read the same three runs: each is made once per `npm run figures`.
const runs = new Map<string, Promise<RunJson>>();
function run(suite: Suite, mode: Mode): Promise<RunJson> {
  const key = `${suite}-${mode}`;
  let result = runs.get(key);
  if (result === undefined) {
    const args = ['run', '--suite', SUITES[suite], '--split', 'all', '--seed', '0', '--tool-search', mode];
    result = tdoJson<RunJson>(args, `tool-search-${key}.db`).then((r) => r.value);
    runs.set(key, result);
  }
  return result;
}

/** The three runs one after another, as the other producers run theirs, so the figures' timings do not compete. */
async function allModes(suite: Suite): Promise<Record<Mode, RunJson>> {
  const off = await run(suite, 'off');
  const bm25 = await run(suite, 'bm25');
  return { off, bm25, regex: await run(suite, 'regex') };
}

const bounds = (low: number, high: number) => `[${Math.round(low * 100)}%, ${Math.round(high * 100)}%]`;
const success = (r: RunJson) => `${r.successes}/${r.judged} = ${pct(r.success_rate)} ${bounds(r.success_low, r.success_high)}`;
const found = (r: RunJson) =>
  r.labelled_steps === undefined || r.labelled_steps === 0
    ? '–'
    : `${r.labelled_steps_found}/${r.labelled_steps} = ${pct(r.labelled_steps_found! / r.labelled_steps)} ${bounds(r.found_at_k_low!, r.found_at_k_high!)}`;
const rankedFirst = (r: RunJson) =>
  r.labelled_steps_ranked_first == null || !r.labelled_steps
    ? '–'
    : `${r.labelled_steps_ranked_first}/${r.labelled_steps} = ${pct(r.labelled_steps_ranked_first / r.labelled_steps)}`;
const meanRank = (r: RunJson) => (r.mean_rank_when_found == null ? '–' : r.mean_rank_when_found.toFixed(2));
const loaded = (r: RunJson) => (r.loaded_tokens_per_episode == null ? '–' : Math.round(r.loaded_tokens_per_episode).toLocaleString('en-US'));
/** The description tokens every tool costs each request, read off a run under a search (which counts them). */
const allTools = (runs: Record<Mode, RunJson>) => runs.bm25.all_tools_tokens ?? 0;

function table(runs: Record<Mode, RunJson>): string[] {
  const all = allTools(runs).toLocaleString('en-US');
  const row = (mode: Mode, r: RunJson) =>
    `| ${mode === 'off' ? 'every tool listed' : `\`--tool-search ${mode}\``} | ${success(r)} | ${found(r)} | ${rankedFirst(r)} | ${meanRank(r)} | ${mode === 'off' ? all : loaded(r)} |`;
  return [
    '| mode | success [95% CI] | found@5 [95% CI] | found@1 | mean rank when found | description tokens per episode |',
    '|---|---|---|---|---|---|',
    ...MODES.map((mode) => row(mode, runs[mode])),
  ];
}

/** A catalogue suite in the three modes, for docs/tool-search.md. */
async function catalogueTable(suite: CatalogueSuite): Promise<string> {
  const runs = await allModes(suite);
  const file = `experiments/shipped/suites/${CATALOGUE_SUITES[suite]}.yaml`;
  return [
    `All ${runs.off.judged} tasks, seed 0, sim agent (not an LLM), k 5; \`tdo run --suite ${file} --split all --tool-search MODE\`:`,
    '',
    ...table(runs),
  ].join('\n');
}

/** The large catalogue in the three modes, for docs/tool-search.md. */
export const largeCatalogue = () => catalogueTable('large');

/** The recurring large catalogue in the three modes, for docs/tool-search.md. */
export const recurringCatalogue = () => catalogueTable('recurring');

/** The paraphrase large catalogue in the three modes, for docs/tool-search.md. */
export const paraphraseCatalogue = () => catalogueTable('paraphrase');

/** The lab suite in the three modes, for docs/tool-search.md. */
export async function labToolSearch(): Promise<string> {
  const runs = await allModes('lab');
  return [
    `All ${runs.off.judged} tasks of the lab suite, seed 0, sim agent (not an LLM), k 5; \`tdo run --suite lab --split all --tool-search MODE\`:`,
    '',
    ...table(runs),
  ].join('\n');
}

/** The README's short version: success and found@5 with intervals in each mode, and the tokens saved. */
export async function largeCatalogueReadme(): Promise<string> {
  const runs = await allModes('large');
  const all = allTools(runs);
  const { tools } = runs.off.suite_check;
  const servers = new Set(tools.map((t) => t.server)).size;
  const saving = (mode: Mode) => `${loaded(runs[mode])} (${pct(1 - (runs[mode].loaded_tokens_per_episode ?? all) / all)} fewer)`;
  return [
    `On the large-catalogue suite (${tools.length} tools of ${servers} servers, ${runs.off.judged} questions of BFCL live_multiple; sim agent, not an LLM, seed 0):`,
    '',
    `- every tool listed: success ${success(runs.off)}, ${all.toLocaleString('en-US')} description tokens in every request;`,
    `- \`--tool-search bm25\`: success ${success(runs.bm25)}, found@5 ${found(runs.bm25)}, ${saving('bm25')} description tokens per episode;`,
    `- \`--tool-search regex\`: success ${success(runs.regex)}, found@5 ${found(runs.regex)}, ${saving('regex')} description tokens per episode.`,
  ].join('\n');
}
