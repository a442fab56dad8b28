import { describe, expect, it } from 'vitest';
import { english } from '../../../src/text/english.ts';

describe('english', () => {
  it('is compromise, loaded once: it tags the verb of a request and gives the same tagger again', () => {
    const nlp = english();
    expect(nlp('She added two numbers.').verbs().toInfinitive().text()).toBe('add');
    expect(nlp('the open issues').has('#Verb')).toBe(false);
    expect(english()).toBe(nlp);
  });
});
