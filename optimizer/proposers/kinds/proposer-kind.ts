import * as z from 'zod';
import type { ChatModel } from '../../../src/index.ts';
import type { Proposer } from '../../engine/types.ts';
import type { ToolReflectionRecord } from '../../adapter/reflection.ts';

/** The settings a proposer is built from besides its kind, stored with a search beside `kind` (proposer-kinds.ts). */
export const proposerFieldsSchema = z.object({ model: z.string().optional() });

export type ProposerFields = z.infer<typeof proposerFieldsSchema>;

/**
 * One kind of proposer (`--proposer`): everything the commands and the reports need of it. A kind is one file
 * exporting one of these, listed in PROPOSER_KINDS (proposer-kinds.ts).
 */
export interface ProposerKind {
  /** Whether `--proposer-model`, else `--model`, names its model. */
  takesModel: boolean;
  /** Refuses settings no proposer of this kind is built from, with what to fix; the CLI calls it before it opens a store. */
  check(settings: ProposerFields): void;
  /** The proposer the settings build (refused as `check` refuses them); `chat` is the client of a model, with the caller's cache, limits and spend. */
  create(settings: ProposerFields, chat: (model: string) => ChatModel): Proposer<ToolReflectionRecord>;
  /** Whether a recorded proposer id (a report's `proposer`) is one of this kind's. */
  ownsProposerId(id: string): boolean;
  /** Its proposals are rule-based, never an LLM's: so marked in every report, estimate and spend line. */
  simulated: boolean;
  /** How reports name a proposer of this kind, by its id. */
  describe(id: string): string;
  /** The models it calls: what the spend caps, the estimate and the endpoint check count. */
  models(settings: ProposerFields): string[];
  /** It rewrites only the jobs that come up in RECURRING_TASKS train tasks or more, so a tool with fewer has nothing to add. */
  recurringJobsOnly: boolean;
}
