import { describe, expect, it } from 'vitest';
import { refuseUnlistedLabels } from '../../../src/run/plan-labels.ts';
import { suiteSchema } from '../../../src/suite/schema.ts';

const listed = [{ server: 'lab', tools: [{ name: 'calculator', description: 'Adds two numbers.', inputSchema: { type: 'object' } }] }];

function suiteLabelling(labels: string[]) {
  return suiteSchema.parse({
    name: 's',
    systemPrompt: 'p',
    servers: [{ name: 'lab', command: 'node' }],
    tasks: labels.map((tool, i) => ({
      id: `t${i}`,
      split: 'val',
      prompt: 'p',
      plan: [{ intent: 'add', tools: [tool] }],
      check: { kind: 'answer', expected: 1 },
    })),
  });
}

describe('refuseUnlistedLabels', () => {
  it('accepts labels a server lists, with or without the server', () => {
    expect(() => refuseUnlistedLabels(suiteLabelling(['calculator', 'lab/calculator']), listed)).not.toThrow();
  });

  it('names no guess when no listed name is close', () => {
    expect(() => refuseUnlistedLabels(suiteLabelling(['weather']), listed)).toThrow(/no server lists the tool "weather"$/m);
  });

  it('shows the first problems and counts the rest, however many labels are wrong', () => {
    const error = (() => {
      try {
        refuseUnlistedLabels(suiteLabelling(Array.from({ length: 20 }, () => 'calculatr')), listed);
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(error?.match(/no server lists/g)).toHaveLength(8);
    expect(error).toMatch(/and 12 more$/);
  });
});
