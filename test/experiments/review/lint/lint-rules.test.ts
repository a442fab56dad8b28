import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LINT_RULES } from '../../../../experiments/review/lint/lint-rules.ts';

describe('LINT_RULES', () => {
  it('lists every file of rules/ once, each rule in the file named by its id', () => {
    const files = readdirSync(new URL('../../../../experiments/review/lint/rules/', import.meta.url)).map((file) => file.replace(/\.ts$/, ''));
    expect(LINT_RULES.map((rule) => rule.id).sort()).toEqual(files.sort());
  });

  // a suggestion never stops a proposal
  it('gates no info rule', () => {
    for (const rule of LINT_RULES.filter((r) => r.severity === 'info')) expect(rule.gate, rule.id).toBe(false);
  });
});
