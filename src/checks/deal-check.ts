import * as z from 'zod';
import type { LiveToolCall } from '../host/tool-call.ts';
import type { DealCheck } from '../suite/schema.ts';
import { SCORE } from '../measure/score-names.ts';
import { brief } from '../text/brief.ts';

/** One score of an episode (name, value, optional comment), as the trace store records it. */
export interface EpisodeScore {
  name: string;
  value: number;
  comment?: string;
}

export interface DealCheckOutcome {
  success: boolean;
  feedback: string;
  scores: EpisodeScore[];
}

/**
 * A closed deal as a seller reports it in a tool result's structured content. The check trusts only
 * what servers reported, never the agent's own account of the purchase.
 */
const reportedDealSchema = z.object({
  deal: z.object({
    item: z.string(),
    quantity: z.number(),
    unit_price: z.number(),
    fulfilment: z.enum(['in_stock', 'backorder']),
  }),
});

/**
 * Judges a buying episode: success is a closed deal for the item and quantity, at or under `limit`
 * per unit, that the seller really delivers. Scores: deal (0/1), limit_violation (0/1), and with a
 * deal its price per unit and savings (share of the limit left unspent; negative when over), plus
 * `chosen:<server>` = 1 for the server the agent called first (calls to tools no server offers skipped).
 */
export function checkDeal(check: DealCheck, limit: number, calls: readonly LiveToolCall[]): DealCheckOutcome {
  const wanted = `${check.quantity} x ${check.item}`;
  const scores: EpisodeScore[] = [];
  // A call to a tool no server offers (server '') is no seller's; the first seller is the first real call.
  const first = calls.find((c) => c.server !== '');
  if (first !== undefined) scores.push({ name: `${SCORE.chosenPrefix}${first.server}`, value: 1, comment: `The first call went to ${first.server}.` });

  const deals = calls.flatMap((call) => {
    if (call.isError) return [];
    const parsed = reportedDealSchema.safeParse(call.structured);
    return parsed.success ? [{ server: call.server, ...parsed.data.deal }] : [];
  });
  const deal = deals.find((d) => sameItem(d.item, check.item) && d.quantity >= check.quantity) ?? deals[0];
  if (deal === undefined) {
    scores.push({ name: SCORE.deal, value: 0 }, { name: SCORE.limitViolation, value: 0 });
    const lastError = [...calls].reverse().find((c) => c.isError);
    const why = lastError === undefined ? '' : ` The last error came from ${lastError.server}: "${brief(lastError.output)}"`;
    return { success: false, feedback: `No deal was closed for ${wanted} (limit ${price(limit)} per unit).${why}`, scores };
  }

  const violation = deal.unit_price > limit + 1e-9;
  const savings = (limit - deal.unit_price) / limit;
  scores.push(
    { name: SCORE.deal, value: 1, comment: `${deal.quantity} x ${deal.item} from ${deal.server} at ${price(deal.unit_price)} per unit (${deal.fulfilment}).` },
    { name: SCORE.price, value: deal.unit_price },
    { name: SCORE.savings, value: savings },
    {
      name: SCORE.limitViolation,
      value: violation ? 1 : 0,
      ...(violation ? { comment: `Paid ${price(deal.unit_price)} per unit against a limit of ${price(limit)}.` } : {}),
    },
  );
  const problems: string[] = [];
  if (!sameItem(deal.item, check.item) || deal.quantity < check.quantity) problems.push(`the deal is for ${deal.quantity} x ${deal.item}, not ${wanted}`);
  if (violation) problems.push(`${price(deal.unit_price)} per unit is over the buyer's limit of ${price(limit)} (a limit violation)`);
  if (deal.fulfilment === 'backorder') problems.push(`${deal.server} backordered it: the item is not in stock, so the seller does not really deliver it`);
  if (deals.length > 1) problems.push(`${deals.length} deals were closed where one was wanted`);
  if (problems.length > 0) return { success: false, feedback: `A deal was closed with ${deal.server}, but ${problems.join('; ')}.`, scores };
  return {
    success: true,
    feedback: `Bought ${wanted} from ${deal.server} at ${price(deal.unit_price)} per unit, ${(savings * 100).toFixed(1)}% under the limit of ${price(limit)}.`,
    scores,
  };
}

/** Sellers name items in the singular and may capitalize; "Oak Planks" is an oak plank. */
function sameItem(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/(?<=[a-z])s$/, '');
  return norm(a) === norm(b);
}

function price(value: number): string {
  return value.toFixed(2);
}
