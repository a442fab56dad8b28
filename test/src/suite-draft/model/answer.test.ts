import { describe, expect, it } from 'vitest';
import { negativesAnswerSchema, parseAnswer, sequencesAnswerSchema, toolRequestsAnswerSchema } from '../../../../src/suite-draft/model/answer.ts';

describe('parseAnswer', () => {
  it('reads one JSON object, in a fenced block or bare, with arguments defaulting to none', () => {
    const bare = parseAnswer('{"requests": [{"prompt": "add milk to my list"}], "paraphrases": []}', toolRequestsAnswerSchema);
    expect(bare).toEqual({ ok: true, value: { requests: [{ prompt: 'add milk to my list', arguments: {} }], paraphrases: [] } });
    const fenced = parseAnswer('```json\n{"requests": [{"prompt": "sing me a lullaby"}]}\n```', negativesAnswerSchema);
    expect(fenced).toEqual({ ok: true, value: { requests: [{ prompt: 'sing me a lullaby' }] } });
  });

  it('says what is wrong with an empty answer, prose, or JSON of another shape', () => {
    expect(parseAnswer(null, negativesAnswerSchema)).toEqual({ ok: false, problem: 'the answer is empty.' });
    const prose = parseAnswer('Here are some requests: ...', negativesAnswerSchema);
    expect(prose.ok === false && prose.problem).toMatch(/^the answer is not one JSON object/);
    const shape = parseAnswer('{"requests": [{"prompt": "do both", "steps": [{"tool": "a", "need": "x"}]}]}', sequencesAnswerSchema);
    expect(shape.ok === false && shape.problem).toMatch(/does not have the shape asked for: .*exactly two steps/);
    const short = parseAnswer('{"requests": [{"prompt": "hi"}]}', negativesAnswerSchema);
    expect(short.ok === false && short.problem).toMatch(/a request of at least 8 characters/);
  });
});
