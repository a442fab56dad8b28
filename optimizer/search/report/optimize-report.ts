// The report of one optimize run, as one versioned zod schema: optimize() builds it, the run stores it
// (traces keeps it opaque), and whoever reads a stored one back parses it here, so a report this release
// cannot read is an error naming the run and the field, never a half-read one. A change of shape that an
// older report cannot satisfy raises REPORT_VERSION.
import * as z from 'zod';
import { inputError } from '../../../src/index.ts';
import { OBJECTIVES, type AgentSplits, type PerAgentReport, type WorstAgent } from './agent-report.ts';
import type { AddedWords } from './added-words.ts';
import type { ProposalOutcomes } from './proposal-outcomes.ts';
import type { SkippedSeedEpisode } from '../../adapter/skipped-seed.ts';
import { splitScoresCodec } from './split-scores.ts';
import { TARGET_NAMES } from '../../adapter/targets.ts';
import type { WordingHalves } from './wording-halves.ts';

export const REPORT_VERSION = 1;

const count = z.number().int().nonnegative();
// scores lie in [0, 1]; not bounded here, where a mean of them may round past 1
const share = z.number();

const splitScoresSchema = splitScoresCodec;

const candidateSummarySchema = z.object({
  candidate: count,
  val: splitScoresSchema,
  test: splitScoresSchema.nullable(),
  /** the paraphrase split (the needs of other tasks worded differently); null when the suite has none */
  paraphrase: splitScoresSchema.nullable(),
  /** o200k_base tokens of the target server's descriptions */
  tokens: count,
  descriptions: z.record(z.string(), z.string()),
});
export type CandidateSummary = z.output<typeof candidateSummarySchema>;

const agentSplitsSchema: z.ZodType<AgentSplits> = z.object({
  val: splitScoresSchema.nullable(),
  test: splitScoresSchema.nullable(),
  paraphrase: splitScoresSchema.nullable(),
});
const worstAgentSchema: z.ZodType<WorstAgent | null> = z.object({ agent: z.string(), scores: splitScoresSchema }).nullable();
const worstSplitsSchema = z.object({ val: worstAgentSchema, test: worstAgentSchema, paraphrase: worstAgentSchema });

const perAgentSchema: z.ZodType<PerAgentReport> = z.object({
  objective: z.enum(OBJECTIVES),
  agents: z.array(z.object({ agent: z.string(), runId: z.string(), seed: agentSplitsSchema, best: agentSplitsSchema })),
  worst: z.object({ seed: worstSplitsSchema, best: worstSplitsSchema }),
});

const proposalOutcomesSchema: z.ZodType<ProposalOutcomes> = z.object({
  made: count,
  accepted: count,
  noText: count,
  nothingToAdd: z.record(z.string(), count),
  trainTasks: z.record(z.string(), count),
  refusedByGate: count,
  notBetter: count,
});

const addedWordsSchema: z.ZodType<AddedWords> = z.object({ added: z.array(z.string()), trainOnly: z.array(z.string()) });
const skippedSchema: z.ZodType<SkippedSeedEpisode> = z.object({ episodeId: z.string(), taskId: z.string(), reason: z.string() });

const wordingHalfSchema = z.object({ tasks: count, episodes: count, seedSuccesses: count, bestSuccesses: count });
const wordingHalvesSchema: z.ZodType<WordingHalves> = z.object({ median: share, close: wordingHalfSchema, far: wordingHalfSchema, unmeasured: count });

const historySchema = z.array(
  z.object({ budgetUsed: count, candidate: count, valMean: share, objective: z.number(), valMetrics: z.record(z.string(), z.number()) }),
);

export const optimizeReportSchema = z.object({
  reportVersion: z.literal(REPORT_VERSION),
  runId: z.string(),
  status: z.enum(['completed', 'interrupted']),
  suite: z.string(),
  /** the suite file, so that next steps name it the way `--suite` accepts */
  suitePath: z.string(),
  server: z.string(),
  target: z.enum(TARGET_NAMES),
  agent: z.string(),
  proposer: z.string(),
  budget: count,
  budgetUsed: count,
  /** test-split episodes run for the report, outside the search budget */
  reportCalls: count,
  /** paraphrase-split episodes run for the report, also outside the search budget (0 when the suite has none) */
  paraphraseCalls: count,
  stopReason: z.string(),
  iterations: count,
  poolSize: count,
  proposals: z.object({ made: count, accepted: count }),
  seedVersionId: z.string(),
  /** the suite's conditions as the search ran them, defaults included */
  conditions: z.record(z.string(), z.string()),
  /**
   * Recorded episodes the seed's first reflections read (otherAgent of them recorded by another agent, so the
   * seed was run on their tasks for its scores); null when the search ran the seed itself.
   */
  seedData: z.object({ episodes: count, otherAgent: count, skipped: z.array(skippedSchema) }).nullable(),
  /** the winner's description version; null when interrupted */
  versionId: z.string().nullable(),
  /** whether the honesty gate was on, and the proposed descriptions it refused (never run; the parent's text kept), per rule; the token budget's refusals are tokenBudget's */
  honestyGate: z.object({ on: z.boolean(), rejected: count, byRule: z.record(z.string(), count) }),
  /**
   * The token budget the gate enforced, and whether the winner is within it (false: no candidate within it was
   * found and the seed, over it, stands); absent when the search had none
   */
  tokenBudget: z
    .object({ tool: count.nullable(), catalogue: count.nullable(), bestWithin: z.boolean(), refused: count, byRule: z.record(z.string(), count) })
    .optional(),
  /** whether description tokens were weighed beside the score (`--pareto-tokens`); absent when they were not */
  paretoTokens: z.boolean().optional(),
  /** what became of the proposals: why those not accepted were not */
  proposalOutcomes: proposalOutcomesSchema,
  /** the content words the winner added, and those only train tasks use (learned from the search's own tasks) */
  addedWords: addedWordsSchema,
  /** with several agents: over every (task, agent) pair; `perAgent` splits them by agent */
  seed: candidateSummarySchema,
  best: candidateSummarySchema,
  /** the test tasks split by how close their wording is to the seed's descriptions, seed and best on each half; absent without a test report */
  wordingHalves: wordingHalvesSchema.optional(),
  /** with several agents (`--agents`): each agent's seed and best, and the agent each serves worst */
  perAgent: perAgentSchema.optional(),
  /** each time the best validation score (by the objective) rose: the calls spent by then */
  history: historySchema,
});

export type OptimizeReport = z.output<typeof optimizeReportSchema>;

/** The report as the store keeps it: split scores in their snake_case form (split-scores.ts). */
export function storedReport(report: OptimizeReport): z.input<typeof optimizeReportSchema> {
  return z.encode(optimizeReportSchema, report);
}

/**
 * A report an optimize run stored: undefined for reports stored before reports had a version (their readers
 * take what they need of them, experiments/review/versions/measurements.ts), an error when it does not parse.
 */
export function storedOptimizeReport(runId: string, summary: unknown): OptimizeReport | undefined {
  if (typeof summary !== 'object' || summary === null || !('reportVersion' in summary)) return undefined;
  const parsed = optimizeReportSchema.safeParse(summary);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw inputError(`optimize run ${runId} stores a report this release cannot read: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
}
