import * as z from 'zod';
import { agentFieldsSchema, type AgentFields, type AgentKind } from './agent-kind.ts';
import { llmKind } from './llm.ts';
import { simKind } from './sim.ts';
import { proseList } from '../../text/prose-list.ts';

/** Every kind of agent, by the name `--agent`, the config and a run's settings give it: a new kind is one entry. */
export const AGENT_KINDS = { sim: simKind, llm: llmKind } as const satisfies Record<string, AgentKind>;

export type AgentKindName = keyof typeof AGENT_KINDS;

export const AGENT_KIND_NAMES = Object.keys(AGENT_KINDS) as [AgentKindName, ...AgentKindName[]];

/**
 * How a run's agent is rebuilt on resume; stored with the run (a suite run's `agent`, an optimize run's `agent`
 * and `agents`, a queue job's `agent`) and read back with this schema.
 */
export const agentConfigSchema = z.object({ kind: z.enum(AGENT_KIND_NAMES), ...agentFieldsSchema.shape });

export type AgentConfig = z.infer<typeof agentConfigSchema>;

export function agentKind(config: Pick<AgentConfig, 'kind'>): AgentKind {
  return AGENT_KINDS[config.kind];
}

/** Refuses settings no agent can be built from, with what to fix; the CLI calls it before it opens a store. */
export function checkAgent(config: AgentConfig): void {
  agentKind(config).check(config);
}

/** The id an agent built from these settings will have. */
export function agentIdOf(config: AgentConfig): string {
  return agentKind(config).agentId(config);
}

/** Every model these agents call. */
export function agentModels(configs: readonly AgentConfig[]): string[] {
  return configs.flatMap((config) => agentKind(config).models(config));
}

const KINDS: readonly AgentKind[] = AGENT_KIND_NAMES.map((name) => AGENT_KINDS[name]);

/** "sim (offline selection model), ... or llm (OpenAI-compatible endpoint)": what `--agent` takes, for its help. */
export const AGENT_FLAG_HELP = proseList(
  KINDS.flatMap((kind) => kind.agentForms.map((f) => `${f.form} (${f.what})`)),
  'or',
);

/** "sim": the kinds that call no model, which every worker runs. */
export const MODEL_FREE_KINDS = proseList(
  AGENT_KIND_NAMES.filter((name) => !AGENT_KINDS[name].takesModel),
  'and',
);

/** "sim, sim:PERSONA or llm": the values of `--agent`, for an error. */
export const AGENT_FLAG_FORMS = proseList(
  KINDS.flatMap((kind) => kind.agentForms.map((f) => f.form)),
  'or',
);

/** "sim, sim:PERSONA or llm:MODEL": the forms of an `--agents` entry. */
export const AGENTS_ENTRY_FORMS = proseList(
  KINDS.flatMap((kind) => kind.entryForms),
  'or',
);

/** The settings an `--agent` value names; undefined when it names no agent. */
export function agentFromFlag(value: string): AgentConfig | undefined {
  return firstNaming((kind) => kind.fromAgentFlag(value));
}

/** The settings one `--agents` entry names; undefined when it names no agent. */
export function agentFromEntry(entry: string): AgentConfig | undefined {
  return firstNaming((kind) => kind.fromAgentsEntry(entry));
}

function firstNaming(read: (kind: AgentKind) => AgentFields | undefined): AgentConfig | undefined {
  for (const name of AGENT_KIND_NAMES) {
    const fields = read(AGENT_KINDS[name]);
    if (fields !== undefined) return { kind: name, ...fields };
  }
  return undefined;
}

/** Whether a recorded agent's results are simulated (false for an id of no kind this release knows). */
export function isSimulatedAgentId(id: string): boolean {
  return kindOfAgentId(id)?.simulated ?? false;
}

/** A label that never lets a simulated result pass for an LLM one. */
export function describeAgent(id: string): string {
  return kindOfAgentId(id)?.describe(id) ?? id;
}

function kindOfAgentId(id: string): AgentKind | undefined {
  return Object.values(AGENT_KINDS).find((kind) => kind.ownsAgentId(id));
}
