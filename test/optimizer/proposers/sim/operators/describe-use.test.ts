import { describe, expect, it } from 'vitest';
import { describeUse } from '../../../../../optimizer/proposers/sim/operators/describe-use.ts';
import { call, READ_STEP, record } from '../../records.ts';
import { apply, own, texts } from './apply-operator.ts';

describe('describe-use', () => {
  const views = [own('a', 'how many grams is 12 ounces'), own('b', 'convert 3 ounces to grams'), own('c', 'convert the jacket sizes')];

  it('writes one sentence of job words by kind, never a list of the request words', () => {
    for (const text of texts(describeUse, 'Convert a value from one unit to another.', views)) {
      expect(text).toMatch(
        /^Convert a value from one unit to another\. Use it (?:when asked to [a-z ,]+ units(?: such as [a-z ,]+)?|for questions about [a-z ,]+)\.$/,
      );
      expect(text).not.toMatch(/:/);
    }
  });

  it("names a noun only when it recurs across tasks, units too: one request's nouns stay out", () => {
    const made = texts(describeUse, 'Convert a value from one unit to another.', [...views, own('d', 'change 8 lb to kilos')]).join(' ');
    expect(made).toMatch(/grams|ounces/);
    expect(made).not.toMatch(/jacket|sizes|kilos/);
  });

  it("names a verb only when it recurs across tasks: one request's wording stays out", () => {
    const worded = [own('a', 'work out 12 ounces in grams'), own('b', 'convert 3 ounces to grams'), own('c', 'convert 5 pounds to kilograms')];
    const made = texts(describeUse, 'Convert a value from one unit to another.', worded).join(' ');
    expect(made).toMatch(/asked to convert/);
    expect(made).not.toMatch(/work out/);
  });

  it('rewrites the sentence it wrote before instead of adding a second one', () => {
    const once = apply(describeUse, 'Convert a value from one unit to another.', views)!.text;
    const twice = apply(describeUse, once, views, 2)?.text ?? once;
    expect(twice.match(/Use it/g)).toHaveLength(1);
  });

  it('never borrows the jobs of tasks the tool was passed over for', () => {
    const passedOver = [
      record({ task: 'a', steps: [{ ...READ_STEP, intent: 'check the road trip log' }] }),
      record({ task: 'b', steps: [{ ...READ_STEP, intent: 'check the training log' }] }),
      own('c', 'how many grams is 12 ounces'),
    ];
    for (const text of texts(describeUse, 'Convert a value from one unit to another.', passedOver, 60)) expect(text).not.toMatch(/logs|check/);
  });

  it('has nothing to say without steps of its own', () => {
    expect(apply(describeUse, 'Convert a value.', [record({ steps: [READ_STEP] })])).toBeUndefined();
  });
});

describe('describe-use and the files a tool was given', () => {
  it('names the kinds of file its calls that worked were given, by the last word of the name', () => {
    const views = ['a', 'b'].map((task) =>
      record({
        task,
        steps: [{ intent: 'look at the road trip log', tools: ['convert'], forComponent: true }],
        calls: [call({ args: '{"path":"road-trip-log.txt"}', output: 'Day 1 ...' })],
      }),
    );
    const made = texts(describeUse, 'Read a text file.', views).join(' ');
    expect(made).toMatch(/files such as logs/);
    expect(made).not.toMatch(/road|trip/);
  });
});
