// `tdo demo overconfident --agents`: the flags it refuses, and a run with two personas whose per-agent figures
// are the ones their stored episodes give (recomputed here from the episodes and scores, not by the demo's code).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';

const [SWAYED, STEADY] = ['sim:qwen2-5-32b', 'sim:qwen2-5-0-5b'];
const ROLES = ['seed', 'selection_best', 'success_best', 'shipped'] as const;

interface Interval {
  delta: number;
  ci: [number, number];
}

interface RowFigures {
  version_id: string;
  run_id: string;
  success_rate: number;
  first_choice_share: number;
  used_server: number;
  episodes: number;
}

type AgentFigures = Record<(typeof ROLES)[number], RowFigures> & {
  agent: string;
  simulated: boolean;
  changes_from_seed: Record<'selection_best' | 'success_best' | 'shipped', Record<'first_choice_share' | 'used_server' | 'success_rate', Interval> | null>;
  effects: Record<string, Interval>;
  findings: Record<string, boolean>;
};

interface Sway {
  agent: string;
  first_choice_selection_minus_seed: Interval;
  success_selection_minus_seed: Interval;
}

interface DemoAgentsOutput {
  agents: Array<{ agent: string; simulated: boolean }>;
  simulated: boolean;
  settings: { budget: number; seed: number; repeats: number; objective: string };
  optimize_runs: Record<'selection' | 'success', { budget_used: number; per_agent: { objective: string; agents: Array<{ agent: string }> } }>;
  per_agent: AgentFigures[];
  most_swayed: Sway | null;
  least_swayed: Sway | null;
}

describe('tdo demo overconfident --agents: refusals', () => {
  it.each([
    [['--agent', 'sim', '--agents', `${SWAYED},${STEADY}`], /--agent and --agents both choose who reads the descriptions/],
    [['--agents', `${SWAYED},llm:gpt-x`, '--model', 'gpt-x'], /with --agents, name each LLM agent as llm:MODEL/],
    [['--objective', 'worst'], /--objective chooses between several agents: use it with --agents/],
    [['--agents', SWAYED], /expected two or more agents separated by commas/],
    [['--agents', `${SWAYED},${SWAYED}`], /each agent may be given once; repeated: sim:qwen2-5-32b/],
    [['--agents', `${SWAYED},sim:nonesuch`], /nonesuch/],
  ])('refuses %j with exit 2', async (args, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-demo-agents-refused-'));
    const r = await tdo(['demo', 'overconfident', ...args, '--budget', '18', '--repeat', '1', '--db', join(dir, 'tdo.db'), '--out', join(dir, 'report')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});

describe('tdo demo overconfident --agents: a run with two personas', () => {
  let out: DemoAgentsOutput;
  let db: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-demo-agents-'));
    db = join(dir, 'tdo.db');
    // small: the path and the figures' bookkeeping, not the demo's findings (docs/market.md, "The demo")
    const r = await tdo([
      'demo',
      'overconfident',
      '--agents',
      `${SWAYED},${STEADY}`,
      '--budget',
      '60',
      '--repeat',
      '2',
      '--seed',
      '1',
      '--json',
      '--db',
      db,
      '--out',
      join(dir, 'report'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    out = JSON.parse(r.stdout) as DemoAgentsOutput;
  }, 600_000);

  it('runs both searches once with both agents (budget per agent) and measures every row with each', () => {
    expect(out.agents).toEqual([
      { agent: SWAYED, simulated: true },
      { agent: STEADY, simulated: true },
    ]);
    expect(out.simulated).toBe(true);
    expect(out.settings).toMatchObject({ budget: 60, repeats: 2, objective: 'mean' });
    for (const search of Object.values(out.optimize_runs)) {
      expect(search.budget_used).toBeLessThanOrEqual(2 * 60);
      expect(search.per_agent.agents.map((a) => a.agent)).toEqual([SWAYED, STEADY]);
    }
    expect(out.per_agent.map((a) => a.agent)).toEqual([SWAYED, STEADY]);
    // the same four versions for both agents, each measured in a run of that agent's own
    for (const role of ROLES) expect(out.per_agent[0]![role].version_id).toBe(out.per_agent[1]![role].version_id);
  });

  it("gives each agent's figures as its stored episodes give them", () => {
    const store = openTraceStore(db);
    try {
      for (const a of out.per_agent)
        for (const role of ROLES) {
          const row = a[role];
          expect(store.getRun(row.run_id)!.agentId).toBe(a.agent);
          const episodes = store.listEpisodes({ runId: row.run_id }).filter((e) => e.status === 'completed');
          // market/test: 12 tasks, 2 repeats
          expect(episodes).toHaveLength(24);
          expect(row.episodes).toBe(24);
          expect(row.success_rate).toBeCloseTo(episodes.filter((e) => e.success === true).length / 24, 12);
          const share = (name: string) =>
            episodes.map((e) => store.getTrajectory(e.id)!.scores.find((s) => s.name === name)!.value).reduce((x, y) => x + y, 0) / 24;
          expect(row.first_choice_share).toBeCloseTo(share('first_choice_share:mega-depot'), 12);
          expect(row.used_server).toBeCloseTo(share('used_server:mega-depot'), 12);
        }
    } finally {
      store.close();
    }
  });

  it('gives each change from the honest seed as the difference of the rows, none for a row that is the seed', () => {
    for (const a of out.per_agent)
      for (const role of ['selection_best', 'success_best', 'shipped'] as const) {
        const change = a.changes_from_seed[role];
        if (a[role].version_id === a.seed.version_id) {
          expect(change).toBeNull();
          continue;
        }
        expect(change!.first_choice_share.delta).toBeCloseTo(a[role].first_choice_share - a.seed.first_choice_share, 12);
        expect(change!.success_rate.delta).toBeCloseTo(a[role].success_rate - a.seed.success_rate, 12);
        expect(change!.first_choice_share.ci[0]).toBeLessThanOrEqual(change!.first_choice_share.delta);
        expect(change!.first_choice_share.ci[1]).toBeGreaterThanOrEqual(change!.first_choice_share.delta);
      }
  });

  it('names the most and least swayed agent by the rise in first-choice share selection-best brings', () => {
    // at this budget and seed (1) the selection search saves a text of its own (an endorsement), so each agent has a change
    expect(out.per_agent[0]!.selection_best.version_id).not.toBe(out.per_agent[0]!.seed.version_id);
    const rises = out.per_agent.map((a) => a.changes_from_seed.selection_best!.first_choice_share.delta);
    expect(out.most_swayed!.first_choice_selection_minus_seed.delta).toBe(Math.max(...rises));
    expect(out.least_swayed!.first_choice_selection_minus_seed.delta).toBe(Math.min(...rises));
    expect([out.most_swayed!.agent, out.least_swayed!.agent].sort()).toEqual([SWAYED, STEADY].sort());
    const of = (agent: string) => out.per_agent.find((a) => a.agent === agent)!.changes_from_seed.selection_best!;
    expect(out.most_swayed!.success_selection_minus_seed).toEqual(of(out.most_swayed!.agent).success_rate);
  });
});
