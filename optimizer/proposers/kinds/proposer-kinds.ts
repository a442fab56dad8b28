import * as z from 'zod';
import { proposerFieldsSchema, type ProposerKind } from './proposer-kind.ts';
import { llmProposerKind } from './llm.ts';
import { simProposerKind } from './sim.ts';

/** Every kind of proposer, by the name `--proposer` and a search's settings give it: a new kind is one entry. */
export const PROPOSER_KINDS = { sim: simProposerKind, llm: llmProposerKind } as const satisfies Record<string, ProposerKind>;

export type ProposerKindName = keyof typeof PROPOSER_KINDS;

export const PROPOSER_KIND_NAMES = Object.keys(PROPOSER_KINDS) as [ProposerKindName, ...ProposerKindName[]];

/** How a search's proposer is rebuilt on resume; stored with the run and read back with this schema. */
export const proposerConfigSchema = z.object({ kind: z.enum(PROPOSER_KIND_NAMES), ...proposerFieldsSchema.shape });

export type ProposerConfig = z.infer<typeof proposerConfigSchema>;

export function proposerKind(config: Pick<ProposerConfig, 'kind'>): ProposerKind {
  return PROPOSER_KINDS[config.kind];
}

/** The kind a recorded proposer id (a report's `proposer`) is of; undefined for none this release knows. */
export function proposerKindOfId(id: string): ProposerKind | undefined {
  return Object.values(PROPOSER_KINDS).find((kind) => kind.ownsProposerId(id));
}

/** Whether a recorded proposer's proposals are simulated (false for an id of no kind this release knows). */
export function isSimulatedProposerId(id: string): boolean {
  return proposerKindOfId(id)?.simulated ?? false;
}

/** A label that never lets a rule-based proposal pass for an LLM's. */
export function describeProposer(id: string): string {
  return proposerKindOfId(id)?.describe(id) ?? id;
}
