// A search's agents and proposer as its settings hold them (optimizer/search/settings.ts keeps them opaque): read with
// the CLI's schemas, for a resumed search as for a new one, so a stored record no agent can be built from is
// refused naming the run and the field.
import * as z from 'zod';
import { inputError } from '../src/index.ts';
import { proposerConfigSchema, proposerKind, type OptimizeSettings, type ProposerConfig } from '../optimizer/index.ts';
import { agentConfigSchema, agentModels, type AgentConfig } from '../src/index.ts';

const searchPartsSchema = z.object({ agents: z.array(agentConfigSchema).min(1), proposer: proposerConfigSchema });

export interface SearchParts {
  /** the agents that evaluate the candidates: `agents`, else `agent` */
  agents: AgentConfig[];
  proposer: ProposerConfig;
}

export function searchParts(settings: Pick<OptimizeSettings, 'agent' | 'agents' | 'proposer'>, runId?: string): SearchParts {
  const parsed = searchPartsSchema.safeParse({ agents: settings.agents ?? [settings.agent], proposer: settings.proposer });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0] === 'agents' && settings.agents === undefined ? ['agent', ...issue.path.slice(2)] : issue.path;
  throw inputError(
    `${runId === undefined ? 'the search' : `optimize run ${runId}`} stores agent or proposer settings this release cannot read: ${field.join('.')}: ${issue.message}`,
  );
}

/** Every model the search's agents and proposer call (optimize's, and the demo's two searches'). */
export function searchModels({ agents, proposer }: SearchParts): string[] {
  return [...agentModels(agents), ...proposerKind(proposer).models(proposer)];
}
