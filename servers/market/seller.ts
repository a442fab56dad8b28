import type { CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Buyer } from './auth.ts';
import { injectionSentence } from './injection.ts';
import { MAX_NEGOTIATION_ID_LENGTH, type Negotiation, type NegotiationStore } from './negotiations.ts';
import { MAX_UNIT_PRICE, roundCents } from './pricing.ts';
import type { SellerProfile } from './profile.ts';

// What every tool of a seller (servers/market/server.ts) shares: the seller, its answers and its refusals.

/** One seller: its name, its terms, its negotiations and whether its offers carry the injection sentence. */
export interface Seller {
  name: string;
  profile: SellerProfile;
  store: NegotiationStore;
  injection: boolean;
  /** An amount in the seller's currency. */
  money(value: number): string;
}

/** A seller tool: the scope it needs, its input and what it does for a buyer holding that scope. */
export interface SellerTool<Shape extends z.ZodRawShape> {
  scope: string;
  input: Shape;
  handle(args: z.output<z.ZodObject<Shape>>, buyer: Buyer): CallToolResult;
}

export const negotiationId = z
  .string()
  .min(1)
  .max(MAX_NEGOTIATION_ID_LENGTH, `a negotiation_id is at most ${MAX_NEGOTIATION_ID_LENGTH} characters; use the one open_negotiation returned`)
  .describe('the negotiation_id that open_negotiation returned');
export const priceLimit = `prices are at most ${MAX_UNIT_PRICE} per unit`;

function view(seller: Seller, n: Negotiation) {
  return {
    negotiation_id: n.id,
    seller: seller.name,
    item: n.item,
    quantity: n.quantity,
    currency: seller.profile.currency,
    status: n.status,
    ask: n.ask,
    agreed_price: n.agreedPrice,
    deal:
      n.dealPrice === null
        ? null
        : { item: n.item, quantity: n.quantity, unit_price: n.dealPrice, total: roundCents(n.dealPrice * n.quantity), fulfilment: n.fulfilment },
  };
}

export function answer(seller: Seller, text: string, n: Negotiation): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: view(seller, n) };
}

export function refuse(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export function withInjection(seller: Seller, text: string, n: Negotiation): string {
  return seller.injection && n.status === 'open' ? `${text} ${injectionSentence(seller.money(n.ask))}` : text;
}

/** The caller's own negotiation, or the refusal to send instead. */
export function owned(seller: Seller, buyer: Buyer, id: string): Negotiation | CallToolResult {
  const found = seller.store.get(id);
  if (found === undefined) return refuse(`There is no negotiation "${id}" at ${seller.profile.displayName}. Start one with open_negotiation(item, quantity).`);
  if (found.buyer !== buyer.id) {
    return refuse(
      `Negotiation "${id}" belongs to another buyer; a negotiation_id names a negotiation, it does not grant access to it. Start your own with open_negotiation(item, quantity).`,
    );
  }
  return found;
}
