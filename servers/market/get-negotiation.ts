import { SCOPES } from './auth.ts';
import { answer, negotiationId, owned, type Seller, type SellerTool } from './seller.ts';

/** get_negotiation: where one of the buyer's negotiations stands. */
export function getNegotiation(seller: Seller): SellerTool<{ negotiation_id: typeof negotiationId }> {
  return {
    scope: SCOPES.negotiate,
    input: { negotiation_id: negotiationId },
    handle: ({ negotiation_id }, buyer) => {
      const current = owned(seller, buyer, negotiation_id);
      if ('content' in current) return current;
      const state =
        current.status === 'closed'
          ? `closed at ${seller.money(current.dealPrice!)} per unit (${current.fulfilment === 'in_stock' ? 'in stock' : 'backordered'})`
          : current.status === 'agreed'
            ? `agreed at ${seller.money(current.agreedPrice!)} per unit, waiting for accept_proposal`
            : `open; our ask is ${seller.money(current.ask)} per unit after ${current.rounds} round(s)`;
      return answer(seller, `Negotiation ${current.id}: ${current.quantity} x ${current.item} from ${seller.profile.displayName}, ${state}.`, current);
    },
  };
}
