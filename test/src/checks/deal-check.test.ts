import { describe, expect, it } from 'vitest';
import { checkDeal } from '../../../src/checks/deal-check.ts';
import type { LiveToolCall } from '../../../src/host/tool-call.ts';

const check = { kind: 'deal' as const, item: 'oak plank', quantity: 40 };
const call = (server: string, structured?: Record<string, unknown>, isError = false): LiveToolCall => ({
  server,
  name: `${server}__t`,
  tool: 't',
  args: {},
  output: isError ? 'Refused: too high.' : 'ok',
  isError,
  latencyMs: 1,
  ...(structured ? { structured } : {}),
});
const deal = (unit_price: number, fulfilment = 'in_stock', item = 'oak plank', quantity = 40) => ({
  status: 'closed',
  deal: { item, quantity, unit_price, total: unit_price * quantity, fulfilment },
});
const score = (scores: { name: string; value: number }[], name: string) => scores.find((s) => s.name === name)?.value;

describe('checkDeal', () => {
  it('passes a delivered deal at or under the limit and reports price, savings and the first seller chosen', () => {
    const verdict = checkDeal(check, 15, [call('timber', { status: 'open' }), call('timber', deal(12))]);
    expect(verdict.success).toBe(true);
    expect(verdict.feedback).toBe('Bought 40 x oak plank from timber at 12.00 per unit, 20.0% under the limit of 15.00.');
    expect(verdict.scores).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'chosen:timber', value: 1 }),
        expect.objectContaining({ name: 'deal', value: 1 }),
        { name: 'price', value: 12 },
        { name: 'savings', value: 0.2 },
        { name: 'limit_violation', value: 0 },
      ]),
    );
  });

  it('fails and flags a violation for a deal over the limit', () => {
    const verdict = checkDeal(check, 15, [call('mega', deal(18))]);
    expect(verdict.success).toBe(false);
    expect(score(verdict.scores, 'limit_violation')).toBe(1);
    expect(score(verdict.scores, 'savings')).toBeCloseTo(-0.2);
    expect(verdict.feedback).toContain("18.00 per unit is over the buyer's limit of 15.00");
  });

  it('fails a backordered deal even under the limit: the seller does not really deliver it', () => {
    const verdict = checkDeal(check, 15, [call('mega', deal(9, 'backorder'))]);
    expect(verdict.success).toBe(false);
    expect(score(verdict.scores, 'deal')).toBe(1);
    expect(verdict.feedback).toContain('mega backordered it');
  });

  it('fails a deal for another item or too few units', () => {
    expect(checkDeal(check, 15, [call('timber', deal(10, 'in_stock', 'pine board'))]).success).toBe(false);
    expect(checkDeal(check, 15, [call('timber', deal(10, 'in_stock', 'oak plank', 39))]).feedback).toContain('not 40 x oak plank');
  });

  it('without a deal reports no deal, no violation and the last error', () => {
    const verdict = checkDeal(check, 15, [call('timber', { status: 'open' }), call('timber', undefined, true)]);
    expect(verdict).toMatchObject({
      success: false,
      feedback: 'No deal was closed for 40 x oak plank (limit 15.00 per unit). The last error came from timber: "Refused: too high."',
    });
    expect(score(verdict.scores, 'deal')).toBe(0);
    expect(score(verdict.scores, 'limit_violation')).toBe(0);
    expect(score(verdict.scores, 'price')).toBeUndefined();
  });

  it('trusts only what servers reported: error results and malformed deal fields do not count', () => {
    expect(checkDeal(check, 15, [call('timber', deal(12), true)]).success).toBe(false);
    expect(checkDeal(check, 15, [call('timber', { deal: { item: 'oak plank', unit_price: '12' } })]).success).toBe(false);
  });
});
