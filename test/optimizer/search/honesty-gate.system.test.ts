// The honesty gate at the optimizer level: a child whose descriptions gain a lint problem is refused before
// it is run, with the reason `<tool> lint: <rule>`, and costs no metric calls; with the gate off it is run.
import { afterAll, describe, expect, it } from 'vitest';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import { lintGate } from '../../../experiments/review/lint/gate.ts';
import type { Proposer } from '../../../optimizer/engine/types.ts';
import { defaultHonestyGate, optimize, type OptimizeSettings } from '../../../optimizer/search/optimize.ts';
import type { ToolReflectionRecord } from '../../../optimizer/adapter/reflection.ts';
import { firstLabTasks, tempStore } from '../../support/lab-runs.ts';
import { labSearchSettings } from '../../support/search-settings.ts';

// six val tasks, on which the seed is not perfect (a perfect seed would stop the search before any proposal)
const loaded = firstLabTasks({ train: 6, val: 6 });
const store = tempStore();
afterAll(() => store.close());

/** Appends an endorsement to whatever it rewrites: every child gains an inflated-claim warning. */
const endorsing: Proposer<ToolReflectionRecord> = {
  id: 'endorsing',
  async propose({ texts, component }) {
    return { ok: true, text: `${texts[component]} Highly recommended.`, detail: {} };
  },
};

const settings = (overrides: Partial<OptimizeSettings>): OptimizeSettings =>
  labSearchSettings({ budget: 30, concurrency: 2, proposer: { kind: 'endorsing' }, ...overrides });

const search = (overrides: Partial<OptimizeSettings>) =>
  optimize({ store, loaded, agent: new SimAgent(), proposer: endorsing, settings: settings(overrides), reportTest: false, gate: lintGate });

describe('the honesty gate in optimize', () => {
  it('refuses a child that gains a lint warning with "<tool> lint: <rule>", without running it', async () => {
    const report = await search({ honestyGate: true });
    const proposals = store.listProposals(report.runId);
    expect(proposals.length).toBeGreaterThan(0);
    expect(proposals.every((p) => p.accepted === false && /^(?:\w+ lint: inflated-claim(?:; |$))+$/.test(p.reason ?? '') && p.scoresAfter === null)).toBe(true);
    const refused = proposals.reduce((n, p) => n + (p.reason ?? '').split('; ').length, 0);
    expect(report.honestyGate).toEqual({ on: true, rejected: refused, byRule: { 'inflated-claim': refused } });
    // metric calls: the seed's validation and each iteration's parent minibatch (a perfect one gets no proposal); none for a child
    expect(store.listEpisodes({ runId: report.runId })).toHaveLength(report.budgetUsed);
    expect(report.budgetUsed).toBe(6 + 3 * report.iterations);
    expect(report.poolSize).toBe(1);
  }, 60_000);

  it('runs the same children when the gate is off (--allow-flags, or selection by default)', async () => {
    const report = await search({ honestyGate: false });
    const proposals = store.listProposals(report.runId);
    expect(proposals.length).toBeGreaterThan(0);
    expect(proposals.every((p) => p.scoresAfter !== null && !p.reason?.startsWith('lint:'))).toBe(true);
    expect(report.honestyGate).toEqual({ on: false, rejected: 0, byRule: {} });
  }, 60_000);

  it('hands the proposer the gate as a screen of its text against the parent, and only when the gate is on', async () => {
    const screens: Array<{ endorsed: string | undefined; plain: string | undefined }> = [];
    let unscreened = 0;
    const screening: Proposer<ToolReflectionRecord> = {
      id: 'screening',
      async propose({ texts, component, screen }) {
        if (screen === undefined) unscreened++;
        else screens.push({ endorsed: screen(`${texts[component]} Highly recommended.`)?.rule, plain: screen(texts[component] ?? '')?.rule });
        return { ok: true, text: `${texts[component]} Highly recommended.`, detail: {} };
      },
    };
    const run = (honestyGate: boolean) =>
      optimize({ store, loaded, agent: new SimAgent(), proposer: screening, settings: settings({ honestyGate }), reportTest: false, gate: lintGate });
    await run(true);
    expect(screens.length).toBeGreaterThan(0);
    expect(unscreened).toBe(0);
    expect(screens.every((s) => s.endorsed === 'inflated-claim' && s.plain === undefined)).toBe(true);
    await run(false);
    expect(unscreened).toBeGreaterThan(0);
  }, 60_000);

  it('is on by default for success and feedback, off for selection', () => {
    expect(defaultHonestyGate('success')).toBe(true);
    expect(defaultHonestyGate('feedback')).toBe(true);
    expect(defaultHonestyGate('selection')).toBe(false);
  });

  it('needs the gate function when the settings turn it on', async () => {
    await expect(
      optimize({ store, loaded, agent: new SimAgent(), proposer: endorsing, settings: settings({ honestyGate: true }), reportTest: false }),
    ).rejects.toThrow(/no gate was given/);
  });
});
