// `tdo optimize --agents` and `tdo experiment --agents`: several sim personas evaluating every candidate.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { percent } from '../../experiments/format.ts';
import { tdo } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-optimize-agents-'));
const db = join(dir, 'traces.db');
const AGENTS = ['sim:qwen2-5-32b', 'sim:qwen2-5-0-5b'];
const BUDGET = 80;

function rows<T>(sql: string, ...params: unknown[]): T[] {
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite.prepare(sql).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}

type Scores = { success_rate: number; score: number; tasks: number };
/** the splits each candidate was run on, in the order the table shows them */
type Splits = { val: Scores; test?: Scores } & Record<string, Scores>;
type WorstSplits = Record<string, { agent: string; score: number; success_rate: number }>;

/**
 * The per-agent table as words, by its row labels (an agent or "worst agent"): per label, each split's row
 * after the label. Its columns are padded to the longest agent name, so words are read, not spacing.
 */
function perAgentTable(text: string): Map<string, string[][]> {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.trim().startsWith('per agent'));
  const table = new Map<string, string[][]>();
  let label = '';
  for (const line of lines.slice(at + 1)) {
    const words = line.trim().split(/\s+/);
    if (line.trim() === '' || !/^ {2}/.test(line)) break;
    const labelled = line.startsWith('  worst agent') ? 2 : /^ {2}\S/.test(line) ? 1 : 0;
    if (labelled > 0) label = words.slice(0, labelled).join(' ');
    table.set(label, [...(table.get(label) ?? []), words.slice(labelled)]);
  }
  return table;
}
interface Report {
  run_id: string;
  seed_version_id: string;
  version_id: string;
  agent: string;
  simulated: boolean;
  budget_used: number;
  best: { candidate: number };
  per_agent: {
    objective: string;
    agents: Array<{ agent: string; simulated: boolean; run_id: string; seed: Splits; best: Splits }>;
    worst_agent: { seed: WorstSplits; best: WorstSplits };
  };
}

let report: Report;
let text: string;

beforeAll(async () => {
  const args = ['optimize', '--agents', AGENTS.join(','), '--objective', 'worst', '--suite', 'lab', '--budget', String(BUDGET), '--seed', '1', '--db', db];
  const json = await tdo([...args, '--json']);
  expect(json.code, json.stderr).toBe(0);
  report = JSON.parse(json.stdout) as Report;
  const rendered = await tdo([...args.map((a) => (a === db ? join(dir, 'text.db') : a))]);
  expect(rendered.code, rendered.stderr).toBe(0);
  text = rendered.stdout;
}, 300_000);

describe('tdo optimize --agents', () => {
  it('reports seed and best per agent on validation and test, and the agent each serves worst', () => {
    expect(report.agent).toBe(AGENTS.join(','));
    expect(report.simulated).toBe(true);
    expect(report.per_agent.objective).toBe('worst');
    expect(report.per_agent.agents.map((a) => [a.agent, a.simulated])).toEqual(AGENTS.map((a) => [a, true]));
    for (const a of report.per_agent.agents) {
      expect(a.seed.val.tasks).toBe(22);
      expect(a.best.test?.tasks).toBe(22);
      // the same split keys as the single-agent JSON, the success interval included
      expect(a.best.test).toHaveProperty('success_low');
      expect(a.best.test).toHaveProperty('success_high');
    }
    expect(report.per_agent.worst_agent.best['test']).toHaveProperty('success_low');
    for (const split of ['val', 'test'] as const) {
      const scores = report.per_agent.agents.map((a) => a.best[split]!.score);
      expect(report.per_agent.worst_agent.best[split]!.score).toBe(Math.min(...scores));
      expect(report.per_agent.worst_agent.best[split]!.agent).toBe(report.per_agent.agents[scores.indexOf(Math.min(...scores))]!.agent);
    }
    expect(text).toContain('objective worst');
    // the table says what the JSON says: each agent's and the worst agent's success, seed then best, per split
    const table = perAgentTable(text);
    const { agents, worst_agent: worst } = report.per_agent;
    expect([...table.keys()]).toEqual([...AGENTS, 'worst agent']);
    for (const a of agents)
      expect(table.get(a.agent)!.map((r) => r.slice(0, 3))).toEqual(
        Object.entries(a.seed).map(([split, seed]) => [split, percent(seed.success_rate), percent(a.best[split]!.success_rate)]),
      );
    expect(table.get('worst agent')!.map((r) => [...r.slice(0, 3), r.slice(-5).join(' ')])).toEqual(
      Object.keys(worst.seed).map((split) => [
        split,
        percent(worst.seed[split]!.success_rate),
        percent(worst.best[split]!.success_rate),
        `score: seed ${worst.seed[split]!.agent}, best ${worst.best[split]!.agent}`,
      ]),
    );
    expect(text).toContain('note: simulated agents and proposer; these numbers are not LLM results');
    for (const a of AGENTS) expect(text).toContain(`${a} (simulated selection model fitted to`);
  });

  it("keeps each agent's episodes in a run of its own, under its id, and counts every one of them against the budget", () => {
    const runs = rows<{ id: string; agent_id: string; episodes: number }>(
      'SELECT r.id, r.agent_id, (SELECT COUNT(*) FROM episodes e WHERE e.run_id = r.id) AS episodes FROM runs r',
    );
    expect(runs.find((r) => r.id === report.run_id)).toMatchObject({ agent_id: AGENTS.join(','), episodes: 0 });
    for (const [i, a] of report.per_agent.agents.entries()) {
      expect(runs.find((r) => r.id === a.run_id)?.agent_id).toBe(AGENTS[i]);
      const searched = rows<{ n: number }>(
        "SELECT COUNT(*) AS n FROM episodes e JOIN optimizer_evaluations v ON v.run_id = e.run_id AND v.ordinal = e.repeat_index WHERE e.run_id = ? AND v.purpose != 'report'",
        a.run_id,
      )[0]!.n;
      // both agents meet the same tasks of every evaluation
      expect(searched).toBe(report.budget_used / 2);
    }
    expect(report.budget_used).toBeLessThanOrEqual(BUDGET);
  });

  it("chooses as best the candidate whose worst agent's validation score is highest", () => {
    const candidates = rows<{ candidate: number; val_scores: string }>(
      'SELECT candidate, val_scores FROM optimizer_candidates WHERE run_id = ? ORDER BY candidate',
      report.run_id,
    );
    const worst = candidates.map((c) => {
      const scores = Object.entries(JSON.parse(c.val_scores) as Record<string, number>);
      return Math.min(
        ...AGENTS.map((a) => {
          const mine = scores.filter(([id]) => id.endsWith(`@${a}`)).map(([, s]) => s);
          return mine.reduce((s, x) => s + x, 0) / mine.length;
        }),
      );
    });
    expect(report.best.candidate).toBe(worst.indexOf(Math.max(...worst)));
  });

  it("refuses to resume one agent's run, naming the search to resume instead", async () => {
    const agentRun = report.per_agent.agents[0]!.run_id;
    // mark it unfinished, as an interrupted search would leave it
    const sqlite = new Database(db);
    sqlite.prepare("UPDATE runs SET status = 'interrupted' WHERE id = ?").run(agentRun);
    sqlite.close();
    const result = await tdo(['optimize', '--resume', agentRun, '--db', db]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`several-agent optimize run ${report.run_id}`);
  });

  it.each([
    [['--agents', 'sim:qwen2-5-32b'], /two or more agents/],
    [['--agents', 'sim:qwen2-5-32b,sim:qwen2-5-32b'], /each agent may be given once/],
    [['--agents', 'sim:qwen2-5-32b,gpt'], /"gpt" is not an agent/],
    [['--agent', 'sim', '--agents', AGENTS.join(',')], /--agent and --agents/],
    [['--objective', 'worst'], /--objective chooses between several agents/],
    [['--agents', 'sim:nobody,sim:qwen2-5-32b'], /unknown sim persona "nobody"/],
    [['--agents', AGENTS.join(','), '--budget', '55'], /budget 55 is too small.*\(2 agents each\); give --budget 56/],
  ])('exits 2 on %j, saying what to fix', async (flags, message) => {
    const result = await tdo(['optimize', '--suite', 'lab', ...flags, '--db', join(dir, 'refused.db')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});

describe('tdo experiment --agents', () => {
  it('measures every version with each agent and reports versions x agents with intervals', { timeout: 300_000 }, async () => {
    const out = join(dir, 'experiment');
    // a second version beside the seed: its descriptions with the calculator's narrowed to what it takes
    const seed = rows<{ descriptions: string }>('SELECT descriptions FROM description_versions WHERE id = ?', report.seed_version_id)[0]!;
    const edited = join(dir, 'edited.json');
    writeFileSync(
      edited,
      JSON.stringify({ ...JSON.parse(seed.descriptions), calculator: 'Evaluate an arithmetic expression of numbers and + - * / ** ( ) only.' }),
    );
    const imported = await tdo(['import', edited, '--server', 'lab', '--db', db, '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    const versions = `${report.seed_version_id},${(JSON.parse(imported.stdout) as { id: string }).id}`;
    const result = await tdo([
      'experiment',
      '--suite',
      'lab',
      '--agents',
      AGENTS.join(','),
      '--versions',
      versions,
      '--repeat',
      '1',
      '--db',
      db,
      '--out',
      out,
      '--json',
    ]);
    expect(result.stdout, result.stderr).not.toBe('');
    const experiment = JSON.parse(result.stdout) as {
      kind: string;
      verdict: 'pass' | 'regression';
      agents: Array<{ id: string; simulated: boolean }>;
      experiments: Array<{ agent: { id: string }; suites: Array<{ results: Array<{ version_id: string; run_id: string; success: { rate: number } }> }> }>;
      suites: Array<{
        test: Array<{ version: string; worst: string; cells: Array<{ agent: string; success: { rate: number; low: number; high: number }; change: unknown }> }>;
      }>;
    };
    expect(result.code, result.stderr).toBe({ pass: 0, regression: 1 }[experiment.verdict]);
    expect(experiment.kind).toBe('tdo-experiment-agents');
    expect(experiment.agents).toEqual(AGENTS.map((id) => ({ id, simulated: true })));
    expect(experiment.experiments.map((e) => e.agent.id)).toEqual(AGENTS);
    const table = experiment.suites[0]!.test;
    expect(table.map((r) => r.version)).toEqual(versions.split(','));
    for (const row of table) {
      expect(row.cells.map((c) => c.agent)).toEqual(AGENTS);
      for (const [i, cell] of row.cells.entries()) {
        // each cell is that agent's own run of the version
        const own = experiment.experiments[i]!.suites[0]!.results.find((r) => r.version_id === row.version)!;
        expect(cell.success.rate).toBe(own.success.rate);
        expect(cell.success.low).toBeLessThanOrEqual(cell.success.rate);
        expect(rows<{ agent_id: string }>('SELECT agent_id FROM runs WHERE id = ?', own.run_id)[0]!.agent_id).toBe(AGENTS[i]);
      }
      expect(row.cells.find((c) => c.agent === row.worst)!.success.rate).toBe(Math.min(...row.cells.map((c) => c.success.rate)));
      expect(row.cells.every((c) => (c.change === null) === (row.version === report.seed_version_id))).toBe(true);
    }
    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    expect(markdown).toContain('## Suite lab: versions x agents');
    expect(markdown).toContain(`${AGENTS[1]}: success [95% CI]`);
    expect(markdown).toContain(`## Agent ${AGENTS[0]}`);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    for (const a of AGENTS) expect(html).toContain(`${a}: test success (95% Wilson interval)`);
    expect(html).toContain('simulated selection models (sim personas), not LLMs');
  });
});
