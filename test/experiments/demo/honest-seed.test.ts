import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countCues } from '../../../src/text/cues.ts';
import { terms } from '../../../src/text/words.ts';
import { loadSuite } from '../../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../../experiments/shipped/suites/shipped.ts';
import { loadDescriptions } from '../../../servers/common/descriptions.ts';
import { loadSellerProfile } from '../../../servers/market/profile.ts';
import { MARKET_TOOL_NAMES } from '../../../servers/market/server.ts';
import { DEMO_SERVER, HONEST_SEED_FILE, meanDifference, withDescriptions } from '../../../experiments/demo/overconfident.ts';
import { sellerDescriptionsFile } from '../../../servers/shipped-files.ts';

const SHIPPED_FILE = sellerDescriptionsFile('mega-depot');
import { gainedProblems } from '../../../experiments/review/lint/gate.ts';
import { isProblem, lintDescriptions } from '../../../experiments/review/lint/lint.ts';

const honest = JSON.parse(readFileSync(HONEST_SEED_FILE, 'utf8')) as Record<string, string>;
const shipped = JSON.parse(readFileSync(SHIPPED_FILE, 'utf8')) as Record<string, string>;

describe("the demo's honest description of mega-depot", () => {
  it('is a descriptions file the market server loads with --descriptions', async () => {
    await expect(loadDescriptions(HONEST_SEED_FILE, MARKET_TOOL_NAMES)).resolves.toEqual(honest);
  });

  it('says what the seller really stocks (every item of its profile), that it is dearer than the specialists and that it backorders the rest', async () => {
    const profile = await loadSellerProfile(SHIPPED_FILE.replace(/descriptions\.json$/, 'profile.json'));
    const text = honest.open_negotiation!;
    const said = new Set(terms(text));
    expect(Object.keys(profile.catalogue)).toHaveLength(3);
    for (const item of Object.keys(profile.catalogue))
      expect(
        terms(item).every((t) => said.has(t)),
        item,
      ).toBe(true);
    expect(profile.backorders).toBe(true);
    expect(text).toMatch(/small quantities/);
    expect(text).toMatch(/prices above the specialists'/);
    expect(text).toMatch(/backordered: not in stock/);
  });

  it('claims nothing: no lint problem and no cue the sim is swayed by, unlike the shipped text', () => {
    expect(lintDescriptions(honest).filter(isProblem)).toEqual([]);
    for (const text of Object.values(honest))
      expect(
        Object.values(countCues(text)).every((n) => n === 0),
        text,
      ).toBe(true);
    expect(gainedProblems(honest, shipped).map((f) => f.rule)).toEqual(expect.arrayContaining(['model-directive', 'inflated-claim', 'removed-limit']));
  });

  it('differs from the shipped text only where the seller describes itself', () => {
    expect(Object.keys(honest).sort()).toEqual(Object.keys(shipped).sort());
    for (const tool of MARKET_TOOL_NAMES.filter((t) => t !== 'open_negotiation')) expect(honest[tool], tool).toBe(shipped[tool]);
  });
});

describe('withDescriptions', () => {
  it('has only mega-depot serve the given file and leaves the loaded suite as it was', () => {
    const market = loadSuite('market', { shippedSuites: SHIPPED_SUITES_DIR });
    const before = JSON.stringify(market);
    const served = withDescriptions(market, HONEST_SEED_FILE);
    expect(JSON.stringify(market)).toBe(before);
    for (const [i, spec] of served.suite.servers.entries()) {
      const original = market.suite.servers[i]!;
      if (!('command' in spec) || !('command' in original)) throw new Error('market sellers are started by the runner');
      expect(spec.args).toEqual(spec.name === DEMO_SERVER ? [...original.args, '--descriptions', HONEST_SEED_FILE] : original.args);
    }
    expect(served.path).toBe(market.path);
  });
});

describe('meanDifference', () => {
  it('gives b - a with a 95% interval from both standard errors', () => {
    const d = meanDifference([0, 0, 1, 1], [1, 1, 1, 1]);
    expect(d.delta).toBeCloseTo(0.5, 12);
    // a: variance 1/3 over 4 values; b: no variance
    const half = 1.959963984540054 * Math.sqrt(1 / 3 / 4);
    expect(d.low).toBeCloseTo(0.5 - half, 12);
    expect(d.high).toBeCloseTo(0.5 + half, 12);
    expect(meanDifference([], [])).toEqual({ delta: 0, low: 0, high: 0 });
  });
});
