// The demo across agents in words: each agent's rows with their change from the honest seed, a row that is the
// seed itself without one, the most and least swayed agents, and the sim figures said not to be LLM results.
import { describe, expect, it } from 'vitest';
import type { AgentDemo, ChangeFromSeed, DemoAgentsReport } from '../../../experiments/demo/overconfident-agents.ts';
import type { DemoRole, DemoRow } from '../../../experiments/demo/overconfident.ts';
import type { AgentsExperimentReport } from '../../../experiments/runner/agents-experiment.ts';
import { differenceInterval, wilson } from '../../../src/index.ts';
import { demoAgentsJson, renderDemoAgents } from '../../../cli/format/demo-agents.ts';

const VERSIONS: Record<DemoRole, string> = { seed: 'v-seed', 'selection-best': 'v-sel', 'success-best': 'v-seed', shipped: 'v-ship' };

/** A row measured on 72 episodes: `chosen` first choices of mega-depot, `succeeded` successes. */
function row(role: DemoRole, chosen: number, succeeded: number): DemoRow {
  return {
    role,
    versionId: VERSIONS[role],
    runId: `r-${role}`,
    sameAs: (Object.keys(VERSIONS) as DemoRole[]).filter((r) => r !== role && VERSIONS[r] === VERSIONS[role]),
    tokens: 150,
    success: wilson(succeeded, 72),
    firstChoiceShare: wilson(chosen, 72),
    usedServer: wilson(chosen, 72),
    sellers: {},
    otherSellers: wilson(72 - chosen, 72),
    savings: { perBuyer: 0.12, low: 0.1, high: 0.14, deals: succeeded, perDeal: 0.13 },
    lintGained: role === 'selection-best' ? [{ tool: 'open_negotiation', rule: 'inflated-claim', phrase: 'Highly recommended.' }] : [],
  };
}

function agent(id: string, selectionChosen: number, selectionSucceeded: number): AgentDemo {
  const rows = [row('seed', 4, 67), row('selection-best', selectionChosen, selectionSucceeded), row('success-best', 4, 67), row('shipped', 0, 71)];
  const change = (r: DemoRow): ChangeFromSeed => ({
    firstChoiceShare: differenceInterval(rows[0]!.firstChoiceShare, r.firstChoiceShare),
    usedServer: differenceInterval(rows[0]!.usedServer, r.usedServer),
    success: differenceInterval(rows[0]!.success, r.success),
    savings: { delta: -0.02, low: -0.04, high: 0 },
  });
  return {
    agent: id,
    simulated: true,
    rows,
    fromSeed: { 'selection-best': change(rows[1]!), 'success-best': null, shipped: change(rows[3]!) },
    effects: {
      firstChoice: differenceInterval(rows[0]!.firstChoiceShare, rows[1]!.firstChoiceShare),
      otherSellers: differenceInterval(rows[0]!.otherSellers, rows[1]!.otherSellers),
      success: differenceInterval(rows[2]!.success, rows[1]!.success),
      savings: { delta: -0.02, low: -0.04, high: 0 },
    },
    findings: {
      selectionChosenMore: true,
      selectionInflates: true,
      selectionSucceedsLess: true,
      selectionSavesLess: true,
      takesShareFromOthers: true,
      successStaysHonest: true,
    },
  };
}

function report(): DemoAgentsReport {
  const perAgent = [agent('sim:qwen2-5-32b', 22, 50), agent('sim:qwen2-5-0-5b', 6, 65)];
  const sway = (a: AgentDemo) => ({
    agent: a.agent,
    firstChoice: a.fromSeed['selection-best']!.firstChoiceShare,
    success: a.fromSeed['selection-best']!.success,
  });
  const search = (runId: string) => ({
    runId,
    budgetUsed: 600,
    stopReason: 'budget spent',
    versionId: runId === 'r-sel' ? 'v-sel' : 'v-seed',
    seedVersionId: 'v-seed',
    proposals: { made: 40, accepted: runId === 'r-sel' ? 1 : 0 },
    honestyGate: { on: runId !== 'r-sel', rejected: 0 },
    perAgent: {
      objective: 'mean' as const,
      agents: [],
      worst: { seed: { val: null, test: null, paraphrase: null }, best: { val: null, test: null, paraphrase: null } },
    },
  });
  return {
    server: 'mega-depot',
    settings: { budget: 300, seed: 2, repeats: 6, concurrency: 4, objective: 'mean' },
    honestSeedFile: '/repo/experiments/demo/mega-depot-honest.json',
    shippedFile: '/repo/servers/market/sellers/mega-depot/descriptions.json',
    optimizeRuns: { selection: search('r-sel'), success: search('r-suc') } as unknown as DemoAgentsReport['optimizeRuns'],
    otherSellers: ['timber-yard'],
    perAgent,
    mostSwayed: sway(perAgent[0]!),
    leastSwayed: sway(perAgent[1]!),
    experiment: { experiments: [{ diffs: [] }] } as unknown as AgentsExperimentReport,
  };
}

describe('the demo across agents, as text', () => {
  const text = renderDemoAgents(report(), '/tmp/report.html');

  it('names each agent as a simulated model, the per-agent budget and the objective', () => {
    expect(text).toContain("sim:qwen2-5-32b (simulated selection model fitted to Qwen_Qwen2.5-32B-Instruct-FC's choices, not an LLM)");
    expect(text).toContain('budget 300 per agent per search (600 metric calls)');
    expect(text).toContain("objective mean: each winner maximizes the agents' mean validation score");
    expect(text).toContain('their figures are not LLM results');
  });

  it("shows each row with its change from the honest seed, and none for a row that is the seed's version", () => {
    // selection-best for the 32b persona: 22 of 72 against 4 of 72 is +25.0 points
    expect(text).toMatch(/selection-best\s+│ 30\.6% \[21%, 42%\]/);
    expect(text).toContain('+25.0 [');
    // success-best is the seed's version: its cell holds the rate alone
    const successBest = text.split('\n').findIndex((l) => l.includes('success-best (= honest seed)'));
    expect(text.split('\n')[successBest + 1]).not.toMatch(/pts/);
  });

  it('names the most and least swayed agent with the rise in first-choice share and the fall in success', () => {
    expect(text).toContain("most swayed: sim:qwen2-5-32b: selection-best changes mega-depot's first-choice share by +25.0 pts [");
    expect(text).toMatch(
      /least swayed: sim:qwen2-5-0-5b: selection-best changes mega-depot's first-choice share by \+2\.8 pts \[.*and its buyers' success by −2\.8 pts/,
    );
  });

  it('says so when the selection search kept the honest seed', () => {
    const kept = { ...report(), mostSwayed: null, leastSwayed: null };
    expect(renderDemoAgents(kept, '/tmp/r.html')).toContain('the selection search kept the honest seed: no selection-optimized text to be swayed by');
  });
});

describe('the demo across agents, as JSON', () => {
  const json = demoAgentsJson(report(), '/tmp/report.html');

  it("keeps the single-agent demo's key names per agent, with the run that measured each row and its change from the seed", () => {
    expect(json.agents).toEqual([
      { agent: 'sim:qwen2-5-32b', simulated: true },
      { agent: 'sim:qwen2-5-0-5b', simulated: true },
    ]);
    const first = json.per_agent[0]! as unknown as {
      selection_best: Record<string, unknown>;
      changes_from_seed: Record<'selection_best' | 'success_best', { first_choice_share: { delta: number } } | null>;
      effects: Record<string, unknown>;
    };
    expect(first.selection_best).toMatchObject({ version_id: 'v-sel', run_id: 'r-selection-best', first_choice_share: 22 / 72, success_rate: 50 / 72 });
    expect(first.changes_from_seed.selection_best!.first_choice_share.delta).toBeCloseTo(18 / 72, 12);
    expect(first.changes_from_seed.success_best).toBeNull();
    expect(Object.keys(first.effects)).toEqual([
      'first_choice_selection_minus_seed',
      'other_sellers_selection_minus_seed',
      'success_selection_minus_success_best',
      'savings_per_buyer_selection_minus_success_best',
    ]);
    expect(json.most_swayed).toMatchObject({ agent: 'sim:qwen2-5-32b', first_choice_selection_minus_seed: { delta: 18 / 72 } });
    expect(json.least_swayed).toMatchObject({ agent: 'sim:qwen2-5-0-5b' });
  });
});
