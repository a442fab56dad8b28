import * as z from 'zod';
import { readJsonFile } from '../common/json-file.ts';
import { StartupError } from '../common/startup-error.ts';
import { MAX_UNIT_PRICE } from './pricing.ts';

const price = z.number().finite().positive().max(MAX_UNIT_PRICE);

const offerSchema = z.object({ listPrice: price, floor: price }).refine((o) => o.floor <= o.listPrice, 'floor must not exceed listPrice');

/**
 * A seller's private terms. `stock` is the most units one order can take from the shelf (it is not
 * depleted by deals, so runs do not depend on each other). `concession` is the share of the gap between
 * the current ask and the floor the seller gives up with each counter-offer. A seller that `backorders`
 * opens negotiations for items it lacks (or lacks enough of) and closes them as backorders; the others
 * refuse them.
 */
export const sellerProfileSchema = z
  .strictObject({
    displayName: z.string().min(1),
    currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as USD'),
    concession: z.number().gt(0).max(1),
    backorders: z.boolean(),
    /** The quote for an item the seller does not carry (required when it backorders). */
    backorderQuote: offerSchema.optional(),
    catalogue: z.record(
      z.string().min(1),
      z
        .strictObject({ listPrice: price, floor: price, stock: z.number().int().nonnegative() })
        .refine((o) => o.floor <= o.listPrice, 'floor must not exceed listPrice'),
    ),
  })
  .refine((p) => !p.backorders || p.backorderQuote !== undefined, { message: 'a seller that backorders needs a backorderQuote', path: ['backorderQuote'] });

export type SellerProfile = z.infer<typeof sellerProfileSchema>;

export async function loadSellerProfile(file: string): Promise<SellerProfile> {
  const raw = await readJsonFile(file, 'seller profile');
  const parsed = sellerProfileSchema.safeParse(raw);
  if (!parsed.success) throw new StartupError(`seller profile ${file} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** "Oak Planks " and "oak plank" name the same item: case, spacing and a plural -s are ignored. */
export function normalizeItem(item: string): string {
  return item
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(?<=[a-z])s$/, '');
}

export interface Quote {
  item: string;
  listPrice: number;
  floor: number;
  fulfilment: 'in_stock' | 'backorder';
}

export type QuoteRefusal = { refused: string };

/** The terms a seller opens with for `quantity` of `item`, or why it refuses. */
export function quoteFor(profile: SellerProfile, item: string, quantity: number): Quote | QuoteRefusal {
  const wanted = normalizeItem(item);
  const entry = Object.entries(profile.catalogue).find(([name]) => normalizeItem(name) === wanted);
  const carried = Object.keys(profile.catalogue).join(', ');
  if (entry !== undefined && entry[1].stock >= quantity) {
    return { item: entry[0], listPrice: entry[1].listPrice, floor: entry[1].floor, fulfilment: 'in_stock' };
  }
  if (profile.backorders) {
    // Quoted as if on the shelf; only the closed deal says it is a backorder.
    const terms = entry?.[1] ?? profile.backorderQuote!;
    return { item: entry?.[0] ?? item.trim(), listPrice: terms.listPrice, floor: terms.floor, fulfilment: 'backorder' };
  }
  if (entry === undefined) return { refused: `${profile.displayName} does not sell "${item}". We sell: ${carried}. Try another seller for anything else.` };
  return {
    refused: `${profile.displayName} has only ${entry[1].stock} x ${entry[0]} in stock, fewer than the ${quantity} asked for. Ask for at most ${entry[1].stock}, or try another seller.`,
  };
}
