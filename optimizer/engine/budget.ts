/** Thrown when an evaluation would spend more metric calls than the budget has left. */
export class BudgetExhausted extends Error {
  override name = 'BudgetExhausted';
}

/** Metric calls: one task episode is one call, and every evaluation the search asks for is counted. */
export class Budget {
  private spent = 0;

  constructor(readonly total: number) {
    if (!Number.isInteger(total) || total < 1) throw new Error(`budget must be a positive integer, got ${total}`);
  }

  get used(): number {
    return this.spent;
  }

  get remaining(): number {
    return this.total - this.spent;
  }

  canAfford(calls: number): boolean {
    return calls <= this.remaining;
  }

  /** Reserves `calls` before they are made, so the total is never exceeded. */
  spend(calls: number): void {
    if (!this.canAfford(calls)) throw new BudgetExhausted(`${calls} metric calls needed, ${this.remaining} left of ${this.total}`);
    this.spent += calls;
  }
}
