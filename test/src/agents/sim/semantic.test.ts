import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS } from '../../../../src/agents/sim/params.ts';
import { semanticScores, type ToolWords } from '../../../../src/agents/sim/semantic.ts';
import { contentWords } from '../../../../src/text/words.ts';

const params = DEFAULT_SIM_PARAMS.semantic;
const tool = (name: string, text: string): ToolWords => ({ name: contentWords(name), text: contentWords(text) });
const weather = tool('get_forecast', 'Returns the predicted temperature and rainfall for a city.');
const mail = tool('send_email', 'Sends an email message to a recipient.');
const files = tool('read_file', 'Reads a text file from disk.');

describe('semanticScores', () => {
  it('finds the tool of like meaning when the intent shares no word with any tool', () => {
    const best = (intent: string) => {
      const scores = semanticScores(contentWords(intent), [mail, files, weather], params);
      return scores.indexOf(Math.max(...scores));
    };
    expect(best('will it be sunny or wet in Lisbon tomorrow')).toBe(2);
    expect(best('what does the document say')).toBe(1);
  });

  it('scores relative to the catalogue: they sum to 0, and are all 0 when no intent word is known', () => {
    const scores = semanticScores(contentWords('will it rain tomorrow'), [mail, files, weather], params);
    expect(scores.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
    expect(semanticScores(contentWords('zqxv 42'), [mail, files, weather], params)).toEqual([0, 0, 0]);
    expect(semanticScores(contentWords('rain'), [], params)).toEqual([]);
  });

  it("counts a word of the tool's name more than the same word in its description", () => {
    const named = tool('forecast', 'Returns data for a city.');
    const described = tool('city_data', 'Returns the forecast for a city.');
    const [a, b] = semanticScores(contentWords('forecast'), [named, described], params);
    expect(a).toBeGreaterThan(b!);
    const [c, d] = semanticScores(contentWords('forecast'), [named, described], { ...params, nameWeight: 1, precisionShare: 0 });
    expect(c).toBeCloseTo(d!, 12);
  });

  it('gives an intent of frequent words less contrast than one of telling words', () => {
    const spread = (intent: string) => {
      const s = semanticScores(contentWords(intent), [mail, files, weather], params);
      return Math.max(...s) - Math.min(...s);
    };
    expect(spread('can you help me get it done')).toBeLessThan(spread('rainfall forecast'));
  });
});
