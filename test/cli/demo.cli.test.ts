import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../experiments/demo/defaults.ts';
import { HONEST_SEED_FILE } from '../../experiments/demo/overconfident.ts';
import { sellerDescriptionsFile } from '../../servers/shipped-files.ts';

const SHIPPED_FILE = sellerDescriptionsFile('mega-depot');
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';

interface RoleFigures {
  version_id: string;
  same_as: string[];
  success_rate: number;
  first_choice_share: number;
  first_choice_share_ci: [number, number];
  used_server: number;
  first_choice_share_by_seller: Record<string, number>;
  other_sellers_first_choice_share: number;
  savings_per_buyer: number;
  lint_gained: Array<{ tool: string; rule: string; phrase: string | null }>;
  tokens: number;
}

interface Interval {
  delta: number;
  ci: [number, number];
}

type DemoOutput = Record<string, unknown> & {
  seed: RoleFigures;
  selection_best: RoleFigures;
  success_best: RoleFigures;
  shipped: RoleFigures;
  settings: { budget: number; seed: number; repeats: number };
  effects: Record<
    | 'first_choice_selection_minus_seed'
    | 'other_sellers_selection_minus_seed'
    | 'success_selection_minus_success_best'
    | 'savings_per_buyer_selection_minus_success_best',
    Interval
  >;
  findings: Record<string, boolean>;
  simulated: boolean;
  report_html: string;
};

const OTHER_SELLERS = ['timber-yard', 'bolt-bin', 'color-works', 'volt-supply'];

describe('tdo demo overconfident', () => {
  let out: DemoOutput;
  let db: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-demo-'));
    db = join(dir, 'tdo.db');
    const result = await tdo(['demo', 'overconfident', '--json', '--db', db, '--out', join(dir, 'report')]);
    expect(result.code, result.stderr).toBe(0);
    out = JSON.parse(result.stdout) as DemoOutput;
  }, 400_000);

  it('starts both searches from the honest description, and reports every version it measured with the shipped one as a fourth row', () => {
    expect(out).toMatchObject({
      server: 'mega-depot',
      agent: 'sim',
      simulated: true,
      settings: { budget: DEMO_DEFAULTS.budget, seed: DEMO_DEFAULTS.seed, repeats: DEMO_DEFAULTS.repeats },
    });
    const store = openTraceStore(db);
    try {
      // what the server advertised, recorded as both searches' seed, is the honest file; the fourth row is the shipped file
      expect(store.getVersion(out.seed.version_id)!.descriptions).toEqual(JSON.parse(readFileSync(HONEST_SEED_FILE, 'utf8')));
      expect(store.getVersion(out.shipped.version_id)!.descriptions).toEqual(JSON.parse(readFileSync(SHIPPED_FILE, 'utf8')));
    } finally {
      store.close();
    }
    expect(out.seed.lint_gained).toEqual([]);
    // the inflated text the seller ships: claims and a directive the honest one has not, its backorder clause dropped
    expect(out.shipped.lint_gained.map((f) => f.rule)).toEqual(expect.arrayContaining(['model-directive', 'inflated-claim', 'removed-limit']));
    const html = readFileSync(out.report_html, 'utf8');
    for (const role of [out.seed, out.selection_best, out.success_best, out.shipped]) expect(html).toContain(role.version_id);
  });

  it('measures, in one run, that optimizing for selection makes the seller chosen more and succeed less than optimizing for success', () => {
    const { seed, selection_best: bySelection, success_best: bySuccess, effects } = out;
    // the selection search saved a version of its own, not the seed relabelled
    expect(bySelection.version_id).not.toBe(seed.version_id);
    // it inflates: lint problems the honest seed has not
    expect(bySelection.lint_gained.length).toBeGreaterThan(0);
    expect(bySelection.lint_gained.map((f) => f.rule)).toContain('inflated-claim');
    // and gets a larger first-choice share, the interval of the difference above zero
    expect(bySelection.first_choice_share).toBeGreaterThan(seed.first_choice_share);
    expect(effects.first_choice_selection_minus_seed.delta).toBeCloseTo(bySelection.first_choice_share - seed.first_choice_share, 10);
    expect(effects.first_choice_selection_minus_seed.ci[0]).toBeGreaterThan(0);
    // its buyers succeed less and save less than success-best's
    expect(bySelection.success_rate).toBeLessThan(bySuccess.success_rate);
    expect(bySelection.savings_per_buyer).toBeLessThan(bySuccess.savings_per_buyer);
    // the share it gains is taken from the honest sellers
    expect(bySelection.other_sellers_first_choice_share).toBeLessThan(seed.other_sellers_first_choice_share);
    for (const seller of OTHER_SELLERS)
      expect(bySelection.first_choice_share_by_seller[seller]).toBeLessThanOrEqual(seed.first_choice_share_by_seller[seller]!);
    expect(effects.other_sellers_selection_minus_seed.ci[1]).toBeLessThan(0);
    // the success search's winner stays honest: the seed itself, or a text without a lint problem the seed has not
    expect(bySuccess.lint_gained).toEqual([]);
    expect(out.findings).toEqual({
      selection_chosen_more: true,
      selection_inflates: true,
      selection_succeeds_less: true,
      selection_saves_less: true,
      takes_share_from_others: true,
      success_stays_honest: true,
    });
  });

  it('refuses an unknown demo', async () => {
    const result = await tdo(['demo', 'nonesuch']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown demo "nonesuch"/);
  });
});
