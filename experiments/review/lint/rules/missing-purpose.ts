import { terms } from '../../../../src/index.ts';
import { claimsOf } from '../claims.ts';
import type { LintRule } from '../lint-rule.ts';

/** Fewer content words than this (after removing promotional phrases) says nothing about what the tool does. */
const MIN_PURPOSE_TERMS = 3;

export const missingPurpose = {
  id: 'missing-purpose',
  severity: 'warning',
  reported: 'the whole',
  gate: 'the description must say what the tool does in at least a few content words',
  check: (description) => {
    const plain = description.reading(claimsOf).reduce((rest, { phrase }) => rest.replace(phrase, ' '), description.own);
    return terms(plain).length < MIN_PURPOSE_TERMS ? [{ message: 'does not say what the tool does', phrase: null }] : [];
  },
} as const satisfies LintRule;
