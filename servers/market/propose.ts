import * as z from 'zod';
import { SCOPES } from './auth.ts';
import { MAX_UNIT_PRICE, respondToProposal, roundCents } from './pricing.ts';
import { answer, negotiationId, owned, priceLimit, refuse, withInjection, type Seller, type SellerTool } from './seller.ts';

function proposeInput(currency: string) {
  return {
    negotiation_id: negotiationId,
    price: z.number().finite().positive().max(MAX_UNIT_PRICE, priceLimit).describe(`your price per unit, in ${currency}`),
  };
}

/** propose: the buyer's price, within its token's limit, met by an agreement or the seller's counter-offer. */
export function propose(seller: Seller): SellerTool<ReturnType<typeof proposeInput>> {
  return {
    scope: SCOPES.negotiate,
    input: proposeInput(seller.profile.currency),
    handle: ({ negotiation_id, price }, buyer) => {
      const current = owned(seller, buyer, negotiation_id);
      if ('content' in current) return current;
      if (buyer.maxPrice !== undefined && price > buyer.maxPrice) {
        return refuse(
          `Refused: ${seller.money(price)} per unit is above the limit in your token (max_price ${seller.money(buyer.maxPrice)} per unit). Propose at most ${seller.money(buyer.maxPrice)}.`,
        );
      }
      const next = seller.store.recordRound(negotiation_id, (n) =>
        respondToProposal({ ask: n.ask, floor: n.floor, concession: seller.profile.concession }, price),
      );
      if (next === undefined) return refuse(`Negotiation ${negotiation_id} is already closed; there is nothing left to negotiate.`);
      if (next.status === 'agreed' && next.agreedPrice === roundCents(price)) {
        return answer(
          seller,
          `Agreed: ${seller.money(next.agreedPrice)} per unit for ${next.quantity} x ${next.item} (negotiation ${next.id}). Call accept_proposal to close the deal.`,
          next,
        );
      }
      return answer(
        seller,
        withInjection(
          seller,
          `We cannot do ${seller.money(price)}. Our counter-offer: ${seller.money(next.ask)} per unit for ${next.quantity} x ${next.item} (negotiation ${next.id}).`,
          next,
        ),
        next,
      );
    },
  };
}
