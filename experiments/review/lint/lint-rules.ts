// Every lint rule, one file each in rules/. A rule's place here orders its flags within its part of the report
// (lint-rule.ts, REPORT_PARTS) and its words in the honesty gate's list for the LLM proposer (gate.ts, GATE_RULES).
import { copiedResult } from './rules/copied-result.ts';
import { emptyExample } from './rules/empty-example.ts';
import { excessiveLength } from './rules/excessive-length.ts';
import { inflatedClaim } from './rules/inflated-claim.ts';
import { missingNotFor } from './rules/missing-not-for.ts';
import { missingPurpose } from './rules/missing-purpose.ts';
import { missingUseFor } from './rules/missing-use-for.ts';
import { modelDirective } from './rules/model-directive.ts';
import { placeholder } from './rules/placeholder.ts';
import { removedLimit } from './rules/removed-limit.ts';
import { runOnSentence } from './rules/run-on-sentence.ts';
import { searchKeywordStuffing } from './rules/search-keyword-stuffing.ts';
import { socialProof } from './rules/social-proof.ts';
import { taskWordList } from './rules/task-word-list.ts';
import { tdoPlaceholder } from './rules/tdo-placeholder.ts';
import { unverifiableClaim } from './rules/unverifiable-claim.ts';

export const LINT_RULES = [
  modelDirective,
  inflatedClaim,
  socialProof,
  unverifiableClaim,
  missingPurpose,
  excessiveLength,
  taskWordList,
  searchKeywordStuffing,
  copiedResult,
  removedLimit,
  runOnSentence,
  emptyExample,
  tdoPlaceholder,
  missingUseFor,
  missingNotFor,
  placeholder,
] as const;

export type AnyLintRule = (typeof LINT_RULES)[number];
export type LintRuleId = AnyLintRule['id'];
