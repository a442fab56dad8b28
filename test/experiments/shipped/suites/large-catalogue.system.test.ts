import { describe, expect, it } from 'vitest';
import { SimAgent } from '../../../../src/agents/sim/agent.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';
import { SCORE } from '../../../../src/measure/score-names.ts';
import { runSuite } from '../../../../src/run/run-suite.ts';
import { loadSuite } from '../../../../src/suite/load.ts';
import { tempStore } from '../../../support/lab-runs.ts';
import { SHIPPED_SUITES_DIR } from '../../../../experiments/shipped/suites/shipped.ts';

const loaded = loadSuite('large-catalogue', { shippedSuites: SHIPPED_SUITES_DIR });

describe('the large-catalogue suite run by the sim agent', () => {
  it('lists 178 tools of eight servers, namespacing shared names, and under bm25 loads a few per episode', async () => {
    const store = tempStore();
    try {
      let tools: readonly CatalogueTool[] = [];
      const report = await runSuite({
        store,
        loaded,
        agent: new SimAgent(),
        options: { split: 'test', repeats: 1, seed: 0, concurrency: 4, versionIds: [], conditions: {}, toolSearch: { mode: 'bm25', k: 5 } },
        onCatalogue: (listed) => (tools = listed),
      });
      expect(tools.length).toBe(178);
      expect(new Set(tools.map((t) => t.server)).size).toBe(8);
      expect(tools.filter((t) => t.tool === 'read_file').map((t) => t.name)).toEqual(['filesystem__read_file', 'lab__read_file']);
      expect(tools.filter((t) => t.tool === 'open_negotiation').map((t) => t.name)).toEqual(['timber-yard__open_negotiation', 'bolt-bin__open_negotiation']);
      expect(report.errors.errors).toBe(0);
      const total = (name: string) => report.scoreTotals[name]!.sum;
      expect(total(SCORE.labelledSteps)).toBe(12);
      expect(total(SCORE.labelledStepsFound)).toBeGreaterThan(0);
      expect(total(SCORE.loadedTokens)).toBeLessThan(total(SCORE.allToolsTokens) / 5);
    } finally {
      store.close();
    }
  }, 120_000);
});
