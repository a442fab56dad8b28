import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDescriptions } from '../../../servers/common/descriptions.ts';
import { LOCAL_BUYER, type Buyer } from '../../../servers/market/auth.ts';
import { NegotiationStore } from '../../../servers/market/negotiations.ts';
import { loadSellerProfile } from '../../../servers/market/profile.ts';
import { createMarketServerFactory, MARKET_TOOL_NAMES } from '../../../servers/market/server.ts';
import { connectInMemory, textOf, type Connection } from '../mcp-harness.ts';
import { fields } from './market-fixture.ts';

const SELLER_DIR = new URL('../../../servers/market/sellers/timber-yard/', import.meta.url);
const descriptions = parseDescriptions(JSON.parse(await readFile(new URL('descriptions.json', SELLER_DIR), 'utf8')), MARKET_TOOL_NAMES, 'timber-yard');
const profile = await loadSellerProfile(new URL('profile.json', SELLER_DIR).pathname);

const open: Connection[] = [];
afterEach(async () => {
  for (const connection of open.splice(0)) await connection.close();
});

/** A timber-yard seller in process, over a fresh in-memory negotiation store, for the local buyer (or the stdio token's). */
async function seller(store = new NegotiationStore(':memory:'), stdioBuyer: Buyer = LOCAL_BUYER) {
  const connection = await connectInMemory(createMarketServerFactory({ seller: 'timber-yard', profile, descriptions, store, stdioBuyer, injection: false }));
  open.push(connection);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await connection.client.callTool({ name, arguments: args });
    return { text: textOf(result), isError: result.isError === true, fields: fields(result) };
  };
  return { call, store };
}

describe('market prices and totals are bounded', () => {
  it('refuses a proposal above the price limit, so no deal closes at Infinity', async () => {
    const { call } = await seller();
    const { negotiation_id } = (await call('open_negotiation', { item: 'oak plank', quantity: 40 })).fields;
    const huge = await call('propose', { negotiation_id, price: 1e308 });
    expect(huge.isError).toBe(true);
    expect(huge.text).toContain('at most 1000000 per unit');
    const accepted = await call('accept_proposal', { negotiation_id });
    expect(accepted.text).not.toContain('Infinity');
    expect(accepted.fields.deal).toEqual({ item: 'oak plank', quantity: 40, unit_price: 18, total: 720, fulfilment: 'in_stock' });
  });

  it('closes the largest deal the bounds allow with a finite, exact total', async () => {
    const { call } = await seller();
    const { negotiation_id } = (await call('open_negotiation', { item: 'oak plank', quantity: 50 })).fields;
    expect((await call('propose', { negotiation_id, price: 1_000_000 })).fields).toMatchObject({ status: 'agreed', agreed_price: 1_000_000 });
    const deal = await call('accept_proposal', { negotiation_id });
    expect(deal.fields.deal).toMatchObject({ unit_price: 1_000_000, total: 50_000_000 });
    expect(deal.text).toContain('at 1000000.00 USD per unit, 50000000.00 USD in total');
  });

  it('will not close at a price out of bounds that an older or tampered state file holds', async () => {
    const store = new NegotiationStore(':memory:');
    const { call } = await seller(store);
    const { negotiation_id } = (await call('open_negotiation', { item: 'oak plank', quantity: 40 })).fields;
    store.recordRound(negotiation_id, () => ({ ask: 18, agreedPrice: Infinity }));
    const refused = await call('accept_proposal', { negotiation_id });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('at most 1000000 per unit');
  });

  it('refuses a negotiation_id longer than any it hands out, without echoing it', async () => {
    const { call } = await seller();
    const long = await call('get_negotiation', { negotiation_id: 'n'.repeat(1_000_000) });
    expect(long.isError).toBe(true);
    expect(long.text.length).toBeLessThan(500);
    expect(long.text).toContain('at most 64 characters');
  });
});

describe('a stdio token', () => {
  it('stops working when it expires, mid-session, though it was checked only at start', async () => {
    const expiresAt = Math.ceil(Date.now() / 1000) + 1;
    const { call } = await seller(new NegotiationStore(':memory:'), { id: 'buyer-a', scopes: LOCAL_BUYER.scopes, expiresAt });
    const opened = await call('open_negotiation', { item: 'oak plank', quantity: 4 });
    expect(opened.isError).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    for (const [name, args] of [
      ['get_negotiation', { negotiation_id: opened.fields.negotiation_id }],
      ['accept_proposal', { negotiation_id: opened.fields.negotiation_id }],
    ] as const) {
      const refused = await call(name, args);
      expect(refused.isError, name).toBe(true);
      expect(refused.text, name).toBe('Your token has expired (invalid_token); ask for a new one.');
    }
  });
});
