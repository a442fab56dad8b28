import { describe, expect, it } from 'vitest';
import { MAX_PROMPT_CHARS, reflectionPrompt } from '../../../../optimizer/proposers/llm/prompt.ts';
import type { ToolProposalRequest } from '../../../../optimizer/search/proposal-context.ts';
import { call, record } from '../records.ts';

const request: ToolProposalRequest = {
  iteration: 4,
  component: 'convert',
  texts: { convert: 'Convert a value.', sum: 'Adds.' },
  dataset: [record({ calls: [call({ name: 'magic', server: 'other', component: false })] })],
  randomSeed: 1,
  inputSchemas: { convert: { type: 'object', properties: { value: { type: 'number', description: 'The number to convert' } }, required: ['value'] } },
  competitors: [{ server: 'units', name: 'unit_convert', description: 'Converts lengths between metric and imperial units.' }],
  gateRules: { 'inflated-claim': 'no praise, superlatives or guarantees' },
  earlierRefusals: [{ iteration: 2, text: 'The best converter, trusted by millions.', rule: 'social-proof' }],
};

describe('reflectionPrompt', () => {
  it('carries the input schema, the competitors of other servers, the gate rules and the earlier refusals with their rules', () => {
    const prompt = reflectionPrompt(request);
    expect(prompt).toContain('"description": "The number to convert"');
    expect(prompt).toContain('- unit_convert (server units): Converts lengths between metric and imperial units.');
    expect(prompt).toContain('- inflated-claim: no praise, superlatives or guarantees');
    expect(prompt).toContain('- iteration 2, refused for social-proof:\n```\nThe best converter, trusted by millions.\n```');
    expect(prompt).toContain('- sum: Adds.');
    expect(prompt).toMatch(/inside one fenced block \(```\)\.$/);
  });

  it('states the token budget in plain words when the search has one, and the preference for shorter text under --pareto-tokens', () => {
    const prompt = reflectionPrompt({ ...request, lengthGoal: { maxTokens: 40, currentTokens: 52, shorter: false } });
    expect(prompt).toContain('The current description takes 52 tokens (counted with the o200k_base tokenizer).');
    expect(prompt).toContain(
      'The new description may take at most 40 tokens: a longer one is refused before it is tried, even if it is shorter than the current one.',
    );
    expect(prompt).not.toContain('shorter description that serves');
    const shorter = reflectionPrompt({ ...request, lengthGoal: { currentTokens: 52, shorter: true } });
    expect(shorter).toContain('A shorter description that serves the agent as well is preferred');
    expect(shorter).not.toContain('at most 40 tokens');
    expect(reflectionPrompt(request)).not.toMatch(/tokens \(counted/);
  });

  it('leaves out each part it was not given', () => {
    const prompt = reflectionPrompt({ iteration: 4, component: 'convert', texts: request.texts, dataset: request.dataset, randomSeed: 1 });
    for (const gone of ['input schema', 'other servers', 'refused before it is tried', 'were refused']) expect(prompt).not.toContain(gone);
    expect(prompt).toContain('Convert a value.');
  });

  // the proposer is asked for an accurate description, never told what the search scores
  it('never names the target or the objective', () => {
    expect(reflectionPrompt(request)).not.toMatch(/\b(?:target|objective|selection|first[- ]choice|success rate|chosen more)\b/i);
  });

  it(`stays within ${MAX_PROMPT_CHARS} characters however large every part is`, () => {
    // every part many times over its cap (the dataset itself comes capped from optimizer/adapter/reflection.ts)
    const huge = 'word '.repeat(4000);
    const many = <T>(make: (i: number) => T) => Array.from({ length: 30 }, (_, i) => make(i));
    const prompt = reflectionPrompt({
      ...request,
      component: 'c'.repeat(5000),
      texts: Object.fromEntries([['c'.repeat(5000), huge], ...many((i) => [`t${i}`, huge])]),
      dataset: many(() => record({ task: huge, feedback: huge, calls: many(() => call({ output: huge })) })),
      inputSchemas: { ['c'.repeat(5000)]: { properties: Object.fromEntries(many((i) => [`p${i}`, { description: huge }])) } },
      competitors: many((i) => ({ server: 's', name: `rival${i}`, description: huge })),
      gateRules: Object.fromEntries(many((i) => [`rule${i}`, huge])),
      earlierRefusals: many((i) => ({ iteration: i, text: huge, rule: 'inflated-claim' })),
      lengthGoal: { maxTokens: Number.MAX_SAFE_INTEGER, currentTokens: Number.MAX_SAFE_INTEGER, shorter: true },
    });
    expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_CHARS);
    expect(prompt).toMatch(/inside one fenced block \(```\)\.$/);
  });

  it('tells a tool no search returned from one found and not chosen, and says nothing of search with every tool listed', () => {
    const withFound = (componentFound: boolean | undefined) =>
      reflectionPrompt({ ...request, dataset: [record(componentFound === undefined ? {} : { componentFound })] });
    expect(withFound(false)).toContain('Tool search: no search returned this tool, so the agent never saw it');
    expect(withFound(true)).toContain('Tool search: this tool was among the results');
    expect(withFound(undefined)).not.toContain('Tool search:');
  });
});
