// What a model call costs, from the prices a user sets in tdo.config.json (src/config/schema.ts). tdo ships no
// prices: a model without one is "price unknown", never free.
import * as z from 'zod';

/** US dollars per million tokens, as providers list them. */
export const modelPriceSchema = z.strictObject({
  input: z.number().nonnegative(),
  /** Prompt tokens the provider served from its own prompt cache; without it they are priced as input. */
  cachedInput: z.number().nonnegative().optional(),
  output: z.number().nonnegative(),
});

export type ModelPrice = z.infer<typeof modelPriceSchema>;
export type ModelPrices = Record<string, ModelPrice>;

/** The tokens of one call as the endpoint reported them. */
export interface BilledTokens {
  promptTokens: number;
  /** of promptTokens, those the provider read from its prompt cache */
  cachedPromptTokens: number;
  completionTokens: number;
}

/** Dollars for one call's tokens at `price`; never negative, whatever the counts. */
export function callCost(price: ModelPrice, tokens: BilledTokens): number {
  const fresh = Math.max(0, tokens.promptTokens - tokens.cachedPromptTokens);
  const cached = tokens.cachedPromptTokens * (price.cachedInput ?? price.input);
  return (fresh * price.input + cached + tokens.completionTokens * price.output) / 1_000_000;
}

/** "$0.0123" for a cost, "price unknown" for none. */
export function formatCost(cost: number | null): string {
  if (cost === null) return 'price unknown';
  return `$${cost < 0.01 ? cost.toFixed(6) : cost.toFixed(4)}`;
}
