import { SCOPES } from './auth.ts';
import { MAX_UNIT_PRICE, roundCents } from './pricing.ts';
import { answer, negotiationId, owned, priceLimit, refuse, type Seller, type SellerTool } from './seller.ts';

/** accept_proposal: closes the deal at the agreed price (or the ask), once, within the buyer's token's limit. */
export function acceptProposal(seller: Seller): SellerTool<{ negotiation_id: typeof negotiationId }> {
  return {
    scope: SCOPES.accept,
    input: { negotiation_id: negotiationId },
    handle: ({ negotiation_id }, buyer) => {
      const current = owned(seller, buyer, negotiation_id);
      if ('content' in current) return current;
      const result = seller.store.accept(negotiation_id, (n) => {
        const price = n.agreedPrice ?? n.ask;
        // The schema bounds new proposals; this guards prices a state file from before the bound holds.
        if (!(price > 0 && price <= MAX_UNIT_PRICE))
          return { refusal: `Refused: the agreed price is out of bounds (${priceLimit}). Agree on a new price with propose.` };
        if (buyer.maxPrice !== undefined && price > buyer.maxPrice) {
          return {
            refusal: `Refused: closing at ${seller.money(price)} per unit would exceed the limit in your token (max_price ${seller.money(buyer.maxPrice)} per unit). Agree on a price at or below ${seller.money(buyer.maxPrice)} with propose first.`,
          };
        }
        return { price };
      });
      if ('refusal' in result) return refuse(result.refusal);
      if ('alreadyClosed' in result) {
        return refuse(
          `Negotiation ${negotiation_id} is already closed (deal at ${seller.money(result.alreadyClosed.dealPrice ?? 0)} per unit); a deal is made only once.`,
        );
      }
      const deal = result.closed;
      const price = deal.dealPrice!;
      const delivery =
        deal.fulfilment === 'in_stock' ? 'In stock; ships today.' : 'Backordered: not in stock; ships when our supplier restocks, no date given.';
      return answer(
        seller,
        `Deal closed: ${deal.quantity} x ${deal.item} at ${seller.money(price)} per unit, ${seller.money(roundCents(price * deal.quantity))} in total (negotiation ${deal.id}). ${delivery}`,
        deal,
      );
    },
  };
}
