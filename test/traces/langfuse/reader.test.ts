// An observation read back from Langfuse as the step it records: a generation's usage and cost are a peer's
// claim, taken only as tdo exports them.
import { describe, expect, it } from 'vitest';
import { toStep, type Observation } from '../../../traces/langfuse/reader.ts';

const generation = (spend: Pick<Observation, 'usageDetails' | 'costDetails'>): Observation => ({
  id: 'g-1',
  traceId: 't-1',
  type: 'GENERATION',
  name: 'model',
  parentObservationId: 'a-1',
  input: '[]',
  output: '{}',
  metadata: { seq: 0, latencyMs: 5, cached: false },
  model: 'priced',
  ...spend,
});

describe('toStep', () => {
  it("takes a generation's token counts and cost", () => {
    expect(toStep(generation({ usageDetails: { input: 100, output: 20 }, costDetails: { total: 0.00036 } }))).toMatchObject({
      kind: 'model',
      tokensIn: 100,
      tokensOut: 20,
      cost: 0.00036,
    });
  });

  it('refuses negative or fractional token counts and a negative cost, naming the generation', () => {
    const bad: Array<Pick<Observation, 'usageDetails' | 'costDetails'>> = [
      { usageDetails: { input: -100, output: 20 } },
      { usageDetails: { input: 1.5 } },
      { costDetails: { total: -251.97 } },
    ];
    for (const spend of bad) expect(toStep(generation(spend))).toMatch(/^generation g-1 reports usage or a cost tdo never records/);
  });
});
