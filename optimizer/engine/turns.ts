/**
 * Orders steps that concurrent tasks take on shared state: step n runs once every step before it has passed,
 * whatever order the tasks get there in. A task passes each of its steps exactly once: after doing it, or
 * without doing it when it ends early (`passFrom`), so the steps after it never wait forever.
 */
export class Turns {
  private readonly gates: Array<{ passed: Promise<void>; pass: () => void }>;

  constructor(count: number) {
    this.gates = Array.from({ length: count }, () => {
      let pass!: () => void;
      const passed = new Promise<void>((resolve) => (pass = resolve));
      return { passed, pass };
    });
  }

  /** Resolves when every step before `step` has passed. */
  async reach(step: number): Promise<void> {
    // every earlier gate, not just the one before: a task that ends early passes its later steps at once
    await Promise.all(this.gates.slice(0, step).map((g) => g.passed));
  }

  pass(step: number): void {
    this.gates[step]!.pass();
  }
}
