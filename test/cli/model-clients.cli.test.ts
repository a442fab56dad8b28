// What model calls cost, end to end against the OpenAI-compatible double with prices set in a config: each call's
// cost recorded and totalled, a model without a price reported as unknown (never 0), an estimate and --dry-run that
// reach no endpoint, caps that stop a run or a search where it is, to be resumed with a raised cap, and the cost
// columns of an experiment's reports, of one agent and across agents.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStatus, tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';
import { finalAnswer, startOpenAiDouble, withUsage, type OpenAiDouble } from '../support/openai-double.ts';

/** Dollars per million tokens of the model "priced"; "unpriced" has none. */
const PRICE = { input: 2, cachedInput: 1, output: 8 };

let dir: string;
let config: string;
let double: OpenAiDouble;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-cost-'));
  config = join(dir, 'tdo.config.json');
  writeFileSync(config, JSON.stringify({ model: { prices: { priced: PRICE } } }));
  // the agent (offered tools) answers at once; the proposer (no tools) proposes a description
  double = await startOpenAiDouble((body) =>
    body.tools === undefined
      ? finalAnswer('```\nEvaluate an arithmetic expression such as 3 * (4 + 5), for sums, tips and shares.\n```')
      : finalAnswer('I cannot tell.'),
  );
});

afterAll(async () => {
  await double.close();
});

const endpoint = () => ({ OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' });

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** The usage the double answered with, for the requests since `from`. */
function usagesSince(from: number): Usage[] {
  return double.requests.slice(from).map((q) => (q.reply.body as { usage: Usage }).usage);
}

const dollars = (u: Usage) => (u.prompt_tokens * PRICE.input + u.completion_tokens * PRICE.output) / 1_000_000;

function modelStepCosts(db: string, runId: string): (number | null)[] {
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite
      .prepare<[string], { cost: number | null }>(
        "SELECT s.cost FROM steps AS s JOIN episodes AS e ON e.id = s.episode_id WHERE e.run_id = ? AND s.kind = 'model' ORDER BY e.task_id",
      )
      .all(runId)
      .map((r) => r.cost);
  } finally {
    sqlite.close();
  }
}

const runArgs = (db: string, model: string, ...extra: string[]) => [
  'run',
  '--suite',
  'lab',
  '--split',
  'val',
  '--agent',
  'llm',
  '--model',
  model,
  '--no-cache',
  '--config',
  config,
  '--db',
  db,
  ...extra,
];

describe('the cost of model calls', () => {
  it('records each call at its price and totals the run', { timeout: 120_000 }, async () => {
    const db = join(dir, 'priced.db');
    const from = double.requests.length;
    const r = await tdo(runArgs(db, 'priced', '--json'), endpoint());
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { run_id: string; spend: { agent: Record<string, unknown>; tokens: number; cost: number } };
    const usages = usagesSince(from);
    expect(usages).toHaveLength(22);
    const expected = usages.reduce((s, u) => s + dollars(u), 0);
    expect(report.spend.agent).toMatchObject({
      calls: 22,
      cached_calls: 0,
      tokens_in: usages.reduce((s, u) => s + u.prompt_tokens, 0),
      tokens_out: usages.reduce((s, u) => s + u.completion_tokens, 0),
      unpriced_models: [],
    });
    expect(report.spend.cost).toBeCloseTo(expected, 12);
    expect(report.spend.cost).toBeGreaterThan(0);
    const costs = modelStepCosts(db, report.run_id);
    expect(costs).toHaveLength(22);
    expect(costs.reduce((s: number, c) => s + c!, 0)).toBeCloseTo(expected, 12);
  });

  it('reports a model without a price as price unknown: null in the JSON and in the store, never 0', { timeout: 120_000 }, async () => {
    const db = join(dir, 'unpriced.db');
    const json = await tdo(runArgs(db, 'unpriced', '--json'), endpoint());
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as { run_id: string; spend: { agent: { calls: number; cost: null; unpriced_models: string[] }; cost: null } };
    expect(report.spend.agent).toMatchObject({ calls: 22, cost: null, unpriced_models: ['unpriced'] });
    expect(report.spend.cost).toBeNull();
    expect(modelStepCosts(db, report.run_id).every((c) => c === null)).toBe(true);
    const text = await tdo(runArgs(join(dir, 'unpriced-text.db'), 'unpriced'), endpoint());
    expect(text.stdout).toContain('price unknown for unpriced (set model.prices in tdo.config.json); total price unknown');
  });
});

describe('the estimate before a search', () => {
  const search = (db: string, ...extra: string[]) => ['optimize', '--suite', 'lab', '--budget', '30', '--config', config, '--db', db, ...extra];

  it('--dry-run prints calls, tokens and cost and stops without reaching the endpoint or making a database', { timeout: 180_000 }, async () => {
    const db = join(dir, 'dry.db');
    const before = double.requests.length;
    const r = await tdo(search(db, '--agent', 'llm', '--model', 'priced', '--proposer', 'llm', '--dry-run', '--json'), endpoint());
    expect(r.code, r.stderr).toBe(0);
    const { estimate } = JSON.parse(r.stdout) as {
      estimate: { episodes: number; agents: Array<{ calls: number; cost: number }>; proposer: { calls: number; cost: number }; cost: number };
    };
    // the budget and the seed's and the best's held-out splits (22 test, 24 paraphrase)
    expect(estimate.episodes).toBe(30 + 2 * (22 + 24));
    expect(estimate.agents[0]!.calls).toBeGreaterThan(estimate.episodes);
    // one iteration of the budget after the seed's 22 validation episodes, rewriting each of lab's three tools
    expect(estimate.proposer.calls).toBe(3);
    expect(estimate.cost).toBeCloseTo(estimate.agents[0]!.cost + estimate.proposer.cost, 12);
    expect(double.requests.length).toBe(before);
    expect(existsSync(db)).toBe(false);

    const unpriced = await tdo(search(db, '--agent', 'llm', '--model', 'unpriced', '--dry-run'), endpoint());
    expect(unpriced.stdout).toContain('  agent unpriced: about ');
    expect(unpriced.stdout).toContain('price unknown for unpriced (set model.prices in tdo.config.json)');
    expect(unpriced.stdout).toContain('  proposer: simulated, no model calls (costs nothing)');
    expect(unpriced.stdout).toContain('dry run: nothing was run and no model endpoint was reached');
    expect(double.requests.length).toBe(before);
    expect(existsSync(db)).toBe(false);
  });

  it('refuses --max-cost for a model without a price before a database is made', { timeout: 60_000 }, async () => {
    const db = join(dir, 'refused.db');
    const r = await tdo(search(db, '--proposer', 'llm', '--model', 'unpriced', '--max-cost', '1'), endpoint());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-cost needs a price for "unpriced": add it under model.prices in tdo.config.json');
    expect(existsSync(db)).toBe(false);
  });
});

describe('caps', () => {
  it('a run stops at its cost cap, keeps its episodes and finishes on --resume with a raised cap', { timeout: 120_000 }, async () => {
    const db = join(dir, 'capped-run.db');
    const capped = await tdo(runArgs(db, 'priced', '--concurrency', '1', '--max-cost', '0.001', '--json'), endpoint());
    expect(capped.code, capped.stderr).toBe(130);
    const report = JSON.parse(capped.stdout) as { run_id: string; status: string; stopped: string; episodes: number; spend: { cost: number } };
    expect(report).toMatchObject({ status: 'interrupted', stopped: 'cost cap' });
    expect(report.episodes).toBeGreaterThan(0);
    expect(report.episodes).toBeLessThan(22);
    // one episode at a time: it stopped at the call that reached the cap
    expect(report.spend.cost).toBeGreaterThanOrEqual(0.001);
    const resumed = await tdo(['run', '--resume', report.run_id, '--config', config, '--db', db, '--max-cost', '1', '--json'], endpoint());
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'completed', episodes: 22, stopped: null });
  });

  it('a search stops at its token cap with its records kept, and completes on --resume with a raised cap', { timeout: 300_000 }, async () => {
    const db = join(dir, 'capped-search.db');
    const search = ['optimize', '--suite', 'lab', '--budget', '30', '--proposer', 'llm', '--model', 'priced', '--no-cache', '--config', config, '--db', db];
    const from = double.requests.length;
    const capped = await tdo([...search, '--max-tokens', '100', '--json'], endpoint());
    expect(capped.code, capped.stderr).toBe(130);
    const report = JSON.parse(capped.stdout) as { run_id: string; status: string; stop_reason: string; spend: { proposer: { calls: number }; tokens: number } };
    expect(report).toMatchObject({ status: 'interrupted', stop_reason: 'token cap' });
    expect(report.spend.tokens).toBeGreaterThanOrEqual(100);
    // the first iteration's proposals (one per tool it rewrites), then no episode more
    expect(report.spend.proposer.calls).toBe(double.requests.length - from);
    expect(report.spend.proposer.calls).toBeGreaterThan(0);
    expect(runStatus(db, report.run_id)).toBe('interrupted');

    const resumed = await tdo(['optimize', '--resume', report.run_id, '--config', config, '--db', db, '--max-tokens', '100000', '--json'], endpoint());
    expect(resumed.code, resumed.stderr).toBe(0);
    const done = JSON.parse(resumed.stdout) as { status: string; stop_reason: string; spend: { proposer: { calls: number; cost: number } } };
    expect(done.status).toBe('completed');
    expect(done.stop_reason).not.toMatch(/cap/);
    // the first proposal was replayed from the journal, not asked again
    expect(done.spend.proposer.calls).toBe(double.requests.length - from);
    expect(done.spend.proposer.cost).toBeGreaterThan(0);
  });
});

describe('an endpoint that sends no usage', () => {
  it('is counted by estimated tokens: the token cap stops the run, and the spend says estimated and is priced', { timeout: 120_000 }, async () => {
    const silent = await startOpenAiDouble(() => withUsage(finalAnswer('I cannot tell.'), null));
    try {
      const db = join(dir, 'no-usage.db');
      const r = await tdo(runArgs(db, 'priced', '--concurrency', '1', '--max-tokens', '500', '--json'), {
        OPENAI_BASE_URL: silent.baseURL,
        OPENAI_API_KEY: 'k',
      });
      expect(r.code, r.stderr).toBe(130);
      const report = JSON.parse(r.stdout) as {
        stopped: string;
        spend: { agent: { calls: number; estimated_calls: number; estimate_reasons: string[]; cost: number | null }; tokens: number };
      };
      expect(report.stopped).toBe('token cap');
      expect(report.spend.tokens).toBeGreaterThanOrEqual(500);
      expect(report.spend.agent.calls).toBe(silent.requests.length);
      expect(report.spend.agent).toMatchObject({ estimated_calls: report.spend.agent.calls, estimate_reasons: ['the endpoint sent no usage'] });
      expect(report.spend.agent.cost).toBeGreaterThan(0);
    } finally {
      await silent.close();
    }
  });
});

describe('the demo under a cap', () => {
  it('stops at its token cap with exit 130 and says to run it again with a raised cap', { timeout: 120_000 }, async () => {
    const db = join(dir, 'capped-demo.db');
    const demo = ['demo', 'overconfident', '--budget', '18', '--repeat', '1', '--proposer', 'llm', '--model', 'priced', '--no-cache', '--config', config];
    const from = double.requests.length;
    const capped = await tdo([...demo, '--db', db, '--out', join(dir, 'capped-demo'), '--max-tokens', '100'], endpoint());
    expect(capped.code, capped.stderr).toBe(130);
    expect(capped.stderr).toContain("stopped: token cap; the demo's searches and episodes so far are recorded. Run the demo again with a raised --max-tokens");
    expect(double.requests.length - from).toBeGreaterThan(0);
    // a cost cap with a model without a price is refused before a database is made
    const refused = await tdo(
      ['demo', 'overconfident', '--proposer', 'llm', '--model', 'unpriced', '--max-cost', '1', '--config', config, '--db', join(dir, 'refused-demo.db')],
      endpoint(),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--max-cost needs a price for "unpriced"');
    expect(existsSync(join(dir, 'refused-demo.db'))).toBe(false);
  });
});

describe('the cost of an experiment', () => {
  /** Two test tasks and one paraphrase task of lab, with the seed descriptions imported as the one version. */
  async function miniExperiment(name: string) {
    const db = join(dir, `${name}.db`);
    const suite = join(dir, 'lab-cost-mini.json');
    const lab = parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/suites/lab.yaml'), 'utf8')) as { tasks: Array<{ id: string; split: string }> };
    const tasks = [...lab.tasks.filter((t) => t.split === 'test').slice(0, 2), ...lab.tasks.filter((t) => t.split === 'paraphrase').slice(0, 1)];
    writeFileSync(suite, JSON.stringify({ ...lab, name: 'lab-cost-mini', tasks }));
    const seed = await tdo(['import', join(REPO_ROOT, 'servers/lab/descriptions.json'), '--server', 'lab', '--new-server', '--db', db, '--json']);
    expect(seed.code, seed.stderr).toBe(0);
    const version = (JSON.parse(seed.stdout) as { id: string }).id;
    return (...extra: string[]) => [
      'experiment',
      '--suite',
      suite,
      '--version',
      version,
      '--repeat',
      '1',
      '--no-cache',
      '--config',
      config,
      '--db',
      db,
      '--out',
      join(dir, `${name}-reports`),
      ...extra,
    ];
  }

  it("puts each version's model tokens and cost in every report, at the configured price", { timeout: 120_000 }, async () => {
    const experiment = await miniExperiment('experiment-priced');
    const from = double.requests.length;
    const r = await tdo(experiment('--agent', 'llm', '--model', 'priced', '--json'), endpoint());
    expect(r.code, r.stderr).toBe(0);
    const usages = usagesSince(from);
    expect(usages).toHaveLength(3);
    const expected = usages.reduce((s, u) => s + dollars(u), 0);
    const report = JSON.parse(r.stdout) as { spend: { cost: number }; suites: Array<{ results: Array<{ spend: { calls: number; cost: number } }> }> };
    expect(report.spend.cost).toBeCloseTo(expected, 12);
    // the version's row counts its test and paraphrase runs
    const [test] = report.suites[0]!.results;
    expect(test!.spend.calls).toBe(2);
    const markdown = readFileSync(join(dir, 'experiment-priced-reports', 'report.md'), 'utf8');
    expect(markdown).toContain('| model tokens (all splits) | cost |');
    const tokensIn = usages.reduce((s, u) => s + u.prompt_tokens, 0);
    const tokensOut = usages.reduce((s, u) => s + u.completion_tokens, 0);
    expect(markdown).toContain(`| ${tokensIn} in / ${tokensOut} out | $${expected.toFixed(6)} |`);
    expect(readFileSync(join(dir, 'experiment-priced-reports', 'report.html'), 'utf8')).toContain(`<td>$${expected.toFixed(6)}</td>`);
  });

  it("prints each agent's spend across agents, a model without a price as price unknown", { timeout: 120_000 }, async () => {
    const experiment = await miniExperiment('experiment-agents');
    const from = double.requests.length;
    const r = await tdo(experiment('--agents', 'llm:priced,llm:unpriced'), endpoint());
    expect(r.code, r.stderr).toBe(0);
    const priced = usagesSince(from).slice(0, 3);
    const cost = priced.reduce((s, u) => s + dollars(u), 0);
    const tokens = (us: Usage[]) => `${us.reduce((s, u) => s + u.prompt_tokens, 0)} tokens in / ${us.reduce((s, u) => s + u.completion_tokens, 0)} out`;
    expect(r.stdout).toContain(
      `model spend: agent llm:priced 3 calls, ${tokens(priced)}, $${cost.toFixed(6)}; agent llm:unpriced 3 calls, ${tokens(usagesSince(from + 3))}, ` +
        'price unknown for unpriced (set model.prices in tdo.config.json); total price unknown',
    );
    const markdown = readFileSync(join(dir, 'experiment-agents-reports', 'report.md'), 'utf8');
    expect(markdown).toContain('price unknown (unpriced)');
    expect(markdown).toContain(`$${cost.toFixed(6)}`);
  });
});
