import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NegotiationStore } from '../../../servers/market/negotiations.ts';
import { respondToProposal } from '../../../servers/market/pricing.ts';
import { normalizeItem, quoteFor, sellerProfileSchema, type SellerProfile } from '../../../servers/market/profile.ts';
import { tempDir } from './market-fixture.ts';

const specialist: SellerProfile = sellerProfileSchema.parse({
  displayName: 'Timber',
  currency: 'USD',
  concession: 0.5,
  backorders: false,
  catalogue: { 'oak plank': { listPrice: 20, floor: 10, stock: 50 } },
});
const contractor: SellerProfile = sellerProfileSchema.parse({
  displayName: 'Mega',
  currency: 'USD',
  concession: 0.1,
  backorders: true,
  backorderQuote: { listPrice: 15, floor: 9 },
  catalogue: { 'pine board': { listPrice: 13, floor: 11, stock: 60 } },
});

describe('seller terms', () => {
  it('quotes what it stocks, refuses the rest with what it does sell', () => {
    expect(quoteFor(specialist, 'Oak Planks', 50)).toEqual({ item: 'oak plank', listPrice: 20, floor: 10, fulfilment: 'in_stock' });
    expect(quoteFor(specialist, 'oak plank', 51)).toEqual({ refused: expect.stringContaining('only 50 x oak plank in stock') });
    expect(quoteFor(specialist, 'door hinge', 1)).toEqual({ refused: expect.stringContaining('We sell: oak plank') });
  });

  it('the overconfident contractor quotes everything and backorders what it lacks', () => {
    expect(quoteFor(contractor, 'pine board', 60)).toMatchObject({ fulfilment: 'in_stock', floor: 11 });
    expect(quoteFor(contractor, 'pine board', 61)).toMatchObject({ fulfilment: 'backorder', floor: 11 });
    expect(quoteFor(contractor, 'copper wire spool', 3)).toEqual({ item: 'copper wire spool', listPrice: 15, floor: 9, fulfilment: 'backorder' });
  });

  it('rejects a profile whose floor is above its list price or that backorders without a quote', () => {
    expect(sellerProfileSchema.safeParse({ ...specialist, catalogue: { x: { listPrice: 5, floor: 6, stock: 1 } } }).success).toBe(false);
    expect(sellerProfileSchema.safeParse({ ...contractor, backorderQuote: undefined }).success).toBe(false);
  });

  it('reads plural and capitalized item names as the same item', () => {
    expect(normalizeItem('  LED   Bulbs ')).toBe('led bulb');
  });

  it('concedes a share of the gap to the floor each round, never below it, and agrees at the proposal', () => {
    expect(respondToProposal({ ask: 20, floor: 10, concession: 0.5 }, 12)).toEqual({ ask: 15 });
    expect(respondToProposal({ ask: 15, floor: 10, concession: 0.5 }, 12.5)).toEqual({ ask: 12.5, agreedPrice: 12.5 });
    expect(respondToProposal({ ask: 10, floor: 10, concession: 0.5 }, 9.99)).toEqual({ ask: 10 });
  });
});

describe('NegotiationStore', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((c) => c()));
  });

  async function twoHandles() {
    const dir = await tempDir();
    const file = join(dir.dir, 'state.db');
    const a = new NegotiationStore(file);
    const b = new NegotiationStore(file);
    cleanups.push(async () => {
      a.dispose();
      b.dispose();
      await dir.remove();
    });
    return { a, b };
  }

  it('keeps every negotiation in the file: a second handle sees and continues it', async () => {
    const { a, b } = await twoHandles();
    const opened = a.open({ buyer: 'x', item: 'oak plank', quantity: 3, fulfilment: 'in_stock', ask: 20, floor: 10 });
    b.recordRound(opened.id, () => ({ ask: 15 }));
    expect(a.get(opened.id)).toMatchObject({ ask: 15, rounds: 1, status: 'open' });
    b.recordRound(opened.id, () => ({ ask: 12.5, agreedPrice: 12.5 }));
    expect(a.get(opened.id)).toMatchObject({ status: 'agreed', agreedPrice: 12.5 });
  });

  it('closes a deal once; a refusal leaves it open', async () => {
    const { a, b } = await twoHandles();
    const opened = a.open({ buyer: 'x', item: 'oak plank', quantity: 3, fulfilment: 'in_stock', ask: 20, floor: 10 });
    expect(a.accept(opened.id, () => ({ refusal: 'too high' }))).toEqual({ refusal: 'too high' });
    expect('closed' in b.accept(opened.id, (n) => ({ price: n.ask }))).toBe(true);
    expect(a.accept(opened.id, (n) => ({ price: n.ask }))).toMatchObject({ alreadyClosed: { status: 'closed', dealPrice: 20 } });
    expect(a.recordRound(opened.id, () => ({ ask: 1 }))).toBeUndefined();
  });
});
