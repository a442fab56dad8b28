/**
 * The seller's side of the haggle: each counter-offer gives up a fixed share of the gap between the
 * current ask and the floor, and a proposal at or above the next ask is agreed at the proposed price.
 */

/**
 * The largest price per unit and quantity anyone may name. Together they keep every total finite and
 * exact to the cent (at most 1e12, well inside a double's 2^53), so no deal can close at Infinity.
 */
export const MAX_UNIT_PRICE = 1_000_000;
export const MAX_QUANTITY = 1_000_000;

export interface CounterOutcome {
  /** The seller's ask after this round. */
  ask: number;
  /** The agreed price per unit, when the proposal was accepted. */
  agreedPrice?: number;
}

export function respondToProposal(terms: { ask: number; floor: number; concession: number }, proposal: number): CounterOutcome {
  const nextAsk = roundCents(Math.max(terms.floor, terms.ask - terms.concession * (terms.ask - terms.floor)));
  if (proposal >= nextAsk) return { ask: nextAsk, agreedPrice: roundCents(proposal) };
  return { ask: nextAsk };
}

export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

export function money(value: number, currency: string): string {
  return `${value.toFixed(2)} ${currency}`;
}
