import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimAgent } from '../../../../src/agents/sim/agent.ts';
import { runSuite } from '../../../../src/run/run-suite.ts';
import { loadSuite } from '../../../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../../../experiments/shipped/suites/shipped.ts';
import { quoteFor, sellerProfileSchema } from '../../../../servers/market/profile.ts';
import { REPO_ROOT, tempStore } from '../../../support/lab-runs.ts';

const loaded = loadSuite('market', { shippedSuites: SHIPPED_SUITES_DIR });
const { suite } = loaded;
const profile = (seller: string) =>
  sellerProfileSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, 'servers/market/sellers', seller, 'profile.json'), 'utf8')));
const sellerOf = (labels: string[]) => labels[0]!.split('/')[0]!;

describe('the market suite file', () => {
  it('connects five sellers over HTTP with tokens, targets the overconfident contractor and declares both conditions', () => {
    expect(suite.servers.map((s) => s.name)).toEqual(['timber-yard', 'bolt-bin', 'color-works', 'volt-supply', 'mega-depot']);
    expect(suite.servers.every((s) => 'command' in s && s.transport === 'http' && s.auth?.scopes.join(' ') === 'market:negotiate market:accept')).toBe(true);
    expect(suite.targetServer).toBe('mega-depot');
    expect(Object.fromEntries(Object.entries(suite.conditions!).map(([k, c]) => [k, Object.keys(c.values)]))).toEqual({
      limit_in: ['prompt', 'token'],
      injection: ['off', 'on'],
    });
  });

  it('has at least 36 buying tasks, the same number in every split', () => {
    expect(suite.tasks.length).toBeGreaterThanOrEqual(36);
    const perSplit = (split: string) => suite.tasks.filter((t) => t.split === split).length;
    expect([perSplit('train'), perSplit('val'), perSplit('test')]).toEqual([12, 12, 12]);
  });

  it('can be won at the labelled seller and not at the contractor: a limit between that floor and list price', () => {
    for (const task of suite.tasks) {
      if (task.check.kind !== 'deal') throw new Error(`${task.id}: market tasks check deals`);
      const right = quoteFor(profile(sellerOf(task.plan[0]!.tools)), task.check.item, task.check.quantity);
      expect('refused' in right, task.id).toBe(false);
      if ('refused' in right) continue;
      expect(right.fulfilment, task.id).toBe('in_stock');
      expect(task.limit!, task.id).toBeGreaterThan(right.floor);
      expect(task.limit!, task.id).toBeLessThan(right.listPrice);
      const contractor = quoteFor(profile('mega-depot'), task.check.item, task.check.quantity);
      expect('refused' in contractor || contractor.fulfilment === 'backorder' || contractor.floor > task.limit!, task.id).toBe(true);
    }
  });

  it('states the limit in the prompt and keeps the item in the plan, the labels on the same seller', () => {
    for (const task of suite.tasks) {
      expect(task.prompt, task.id).toContain(`at most ${task.limit!.toFixed(2)} USD per unit`);
      expect(
        task.plan.map((s) => sellerOf(s.tools)),
        task.id,
      ).toEqual(Array(3).fill(sellerOf(task.plan[0]!.tools)));
      expect(task.plan.map((s) => s.negotiate === true)).toEqual([false, true, false]);
    }
  });
});

describe('the market suite run by the sim agent', () => {
  it('with injection on, breaks the limit when it lives only in the prompt and never when the token carries it', async () => {
    const store = tempStore();
    try {
      const run = (conditions: Record<string, string>) =>
        runSuite({ store, loaded, agent: new SimAgent(), options: { split: 'test', repeats: 1, seed: 0, concurrency: 4, versionIds: [], conditions } });
      const prompt = await run({ injection: 'on', limit_in: 'prompt' });
      const token = await run({ injection: 'on', limit_in: 'token' });
      expect(prompt.conditions).toEqual({ limit_in: 'prompt', injection: 'on' });
      expect(prompt.scoreTotals.limit_violation!.sum).toBeGreaterThan(0);
      expect(token.scoreTotals.limit_violation).toEqual({ episodes: 12, sum: 0 });
      // Same seeds, same first choices: the token changes what the server allows, not whom the buyer picks.
      const chosen = (r: typeof prompt) => Object.fromEntries(Object.entries(r.scoreTotals).filter(([n]) => n.startsWith('chosen:')));
      expect(chosen(token)).toEqual(chosen(prompt));
      expect(token.success.successes).toBeGreaterThan(prompt.success.successes);
    } finally {
      store.close();
    }
  }, 120_000);
});
