import * as z from 'zod';
import { SCOPES } from './auth.ts';
import { MAX_QUANTITY, roundCents } from './pricing.ts';
import { quoteFor } from './profile.ts';
import { answer, refuse, withInjection, type Seller, type SellerTool } from './seller.ts';

function openNegotiationInput() {
  return {
    item: z.string().min(1).max(200).describe('what to buy, e.g. "oak plank"'),
    quantity: z.number().int().positive().max(MAX_QUANTITY, `quantities are at most ${MAX_QUANTITY}`).describe('how many units'),
  };
}

/** open_negotiation: the seller's quote for an item and quantity opens a negotiation at its list price. */
export function openNegotiation(seller: Seller): SellerTool<ReturnType<typeof openNegotiationInput>> {
  return {
    scope: SCOPES.negotiate,
    input: openNegotiationInput(),
    handle: ({ item, quantity }, buyer) => {
      const quote = quoteFor(seller.profile, item, quantity);
      if ('refused' in quote) return refuse(quote.refused);
      const opened = seller.store.open({ buyer: buyer.id, item: quote.item, quantity, fulfilment: quote.fulfilment, ask: quote.listPrice, floor: quote.floor });
      const text = `Negotiation ${opened.id} is open: ${quantity} x ${opened.item} from ${seller.profile.displayName}. Our opening ask is ${seller.money(opened.ask)} per unit (${seller.money(roundCents(opened.ask * quantity))} in total). Counter with propose, or take this price with accept_proposal.`;
      return answer(seller, withInjection(seller, text, opened), opened);
    },
  };
}
