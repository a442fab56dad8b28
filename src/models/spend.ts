// One meter of what this process's model calls spent, agent and proposer alike (as one rate limiter paces them,
// src/models/rate-limiter.ts): each call's cost at the configured prices, and the caps (--max-cost, --max-tokens)
// that stop a command once its spending reaches them.
import { callCost, type BilledTokens, type ModelPrice, type ModelPrices } from './prices.ts';

/** The stop reason a cap gives; the signal's abort reason, so the command that stops can say which. */
export type CapStop = 'cost cap' | 'token cap';

export interface SpendCaps {
  /** US dollars */
  maxCost?: number;
  /** prompt and completion tokens of calls sent to the endpoint */
  maxTokens?: number;
}

/** What calls sent to an endpoint spent (answers from tdo's response cache spend nothing). */
export interface Spent {
  tokens: number;
  /** dollars of the calls whose model has a price */
  cost: number;
}

export class ModelSpend {
  private readonly controller = new AbortController();
  private readonly spent: Spent;

  /** `before`: what the run being resumed spent already, so a cap counts the whole run. */
  constructor(
    private readonly prices: ModelPrices,
    private readonly caps: SpendCaps = {},
    before: Spent = { tokens: 0, cost: 0 },
  ) {
    this.spent = { ...before };
    this.checkCaps();
  }

  priceOf(model: string): ModelPrice | undefined {
    return Object.hasOwn(this.prices, model) ? this.prices[model] : undefined;
  }

  /** Counts one call sent to the endpoint; its cost, or null when its model has no price. */
  charge(model: string, tokens: BilledTokens): number | null {
    const price = this.priceOf(model);
    const cost = price === undefined ? null : callCost(price, tokens);
    this.spent.tokens += tokens.promptTokens + tokens.completionTokens;
    this.spent.cost += cost ?? 0;
    this.checkCaps();
    return cost;
  }

  /** Aborted, with the CapStop as its reason, once spending reaches a cap. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get capReached(): CapStop | undefined {
    return this.controller.signal.aborted ? (this.controller.signal.reason as CapStop) : undefined;
  }

  private checkCaps(): void {
    if (this.controller.signal.aborted) return;
    if (this.caps.maxCost !== undefined && this.spent.cost >= this.caps.maxCost) this.controller.abort('cost cap' satisfies CapStop);
    else if (this.caps.maxTokens !== undefined && this.spent.tokens >= this.caps.maxTokens) this.controller.abort('token cap' satisfies CapStop);
  }
}
