import { describe, expect, it } from 'vitest';
import { checkEpisode } from '../../../src/checks/check-episode.ts';
import type { LiveToolCall } from '../../../src/host/tool-call.ts';
import type { Task } from '../../../src/suite/schema.ts';

const task = (expected: Extract<Task['check'], { kind: 'answer' }>['expected'], tolerance = 0.01): Task => ({
  id: 'planks',
  split: 'val',
  prompt: 'What do 3 planks cost?',
  plan: [
    { intent: 'look up the price of a plank', args: { item: 'plank' }, tools: ['shop/lookup'] },
    { intent: 'multiply it by three', args: { a: { $from: 1 }, b: 3 }, tools: ['shop/multiply', 'calc/multiply'] },
  ],
  check: { kind: 'answer', expected, tolerance },
  tags: [],
});

const call = (server: string, tool: string, text: string, isError = false, structured?: Record<string, unknown>): LiveToolCall => ({
  server,
  name: tool,
  tool,
  args: {},
  output: text,
  isError,
  latencyMs: 1,
  ...(structured === undefined ? {} : { structured }),
});

describe('a check whose expected value is a step result ({$from})', () => {
  it("judges the answer against what the step's correct tool last returned without error", () => {
    const calls = [
      call('shop', 'lookup', 'plank: 12.50 EUR'),
      call('shop', 'multiply', '30'),
      call('calc', 'multiply', '37.5'),
      call('shop', 'multiply', 'overflow', true),
    ];
    expect(checkEpisode(task({ $from: 2 }), 'Three planks cost 37.50 EUR.', calls)).toEqual({
      success: true,
      feedback: 'Correct: the answer contains 37.5, expected 37.5. The expected value is what multiply returned for step 2.',
      scores: [],
    });
    expect(checkEpisode(task({ $from: 2 }), 'They cost 30.', calls).success).toBe(false);
  });

  it('reads the one number of a text result with the tolerance, a text with none as text, and a field by its path', () => {
    const lookup = (text: string, structured?: Record<string, unknown>) => [call('shop', 'lookup', text, false, structured)];
    expect(checkEpisode(task({ $from: 1 }), 'A plank is 12.5.', lookup('plank: 12.50 EUR')).success).toBe(true);
    expect(checkEpisode(task({ $from: 1 }), 'A plank is 12.6.', lookup('plank: 12.50 EUR')).success).toBe(false);
    expect(checkEpisode(task({ $from: 1 }), 'It is SOLD OUT.', lookup('sold out')).success).toBe(true);
    expect(checkEpisode(task({ $from: 1, path: 'price.amount' }), 'A plank is 12.5.', lookup('{}', { price: { amount: 12.5 } })).success).toBe(true);
  });

  it("fails, saying why, when the step's tool never answered or its result lacks the path", () => {
    expect(checkEpisode(task({ $from: 2 }), '37.5', [call('shop', 'lookup', '12.5'), call('shop', 'multiply', 'bad input', true)])).toEqual({
      success: false,
      feedback: "Expected what step 2's tool (shop/multiply or calc/multiply) returns, but no call to it succeeded.",
      scores: [],
    });
    expect(checkEpisode(task({ $from: 1, path: 'price' }), '12.5', [call('shop', 'lookup', 'plank: 12.50 EUR')]).feedback).toBe(
      'Expected a value from step 1\'s tool (shop/lookup), but step 1\'s result has no "price" (it returned: "plank: 12.50 EUR").',
    );
  });
});
