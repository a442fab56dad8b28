import Table from 'cli-table3';
import { simAgentId } from '../../src/index.ts';
import { DEFAULT_SIM_PARAMS, type SimParams } from '../../src/index.ts';
import { endorsementLogOdds, endorsementPull, personaParams, personas, type PersonasFile } from '../../src/index.ts';
import { tableStyle } from '../../experiments/index.ts';
import { toJsonText } from '../../src/index.ts';
import type { AgentsFlags } from '../tables/agents.ts';

type Fit = PersonasFile['median']['fit'];

interface SimListing {
  id: string;
  /** The real model a persona was fitted to; undefined for `sim`, fitted to the median model. */
  model?: string;
  source: string;
  params: SimParams;
  fit: Fit;
  logOdds: number;
}

const LLM_NEEDS = 'an OpenAI-compatible endpoint: OPENAI_BASE_URL and OPENAI_API_KEY (or the model block of tdo.config.json) and --model NAME';

function simAgents(): SimListing[] {
  const file = personas();
  const sim: SimListing = {
    id: simAgentId(),
    source: file.median.source,
    params: DEFAULT_SIM_PARAMS,
    fit: file.median.fit,
    logOdds: endorsementLogOdds(DEFAULT_SIM_PARAMS),
  };
  return [
    sim,
    ...file.personas.map((p): SimListing => {
      const params = personaParams(p);
      return { id: simAgentId(p.name), model: p.model, source: p.model, params, fit: p.fit, logOdds: endorsementLogOdds(params) };
    }),
  ];
}

/** The personas swayed most and least by an endorsement (the default sim, a median, is not one of them). */
function extremes(list: readonly SimListing[]): { most: SimListing; least: SimListing } {
  const fitted = list.filter((a) => a.model !== undefined);
  const byOdds = [...fitted].sort((a, b) => b.logOdds - a.logOdds);
  return { most: byOdds[0]!, least: byOdds[byOdds.length - 1]! };
}

function agentsJson(list: readonly SimListing[]) {
  const { most, least } = extremes(list);
  return {
    agents: [
      ...list.map((a) => ({
        id: a.id,
        kind: 'sim',
        simulated: true,
        // the real model a persona was fitted to, or the median for sim
        source: a.source,
        params: {
          cue: a.params.weights.cue,
          position: a.params.weights.position,
          temperature: a.params.temperature,
          cue_family_weights: a.params.cueFamilyWeights,
        },
        fit: { loss: a.fit.loss, max_deviation: a.fit.maxDeviation, worst: a.fit.worst },
        endorsement_log_odds: a.logOdds,
        endorsement_pull: endorsementPull(a.params),
      })),
      { id: 'llm', kind: 'llm', simulated: false, needs: LLM_NEEDS },
    ],
    most_cue_swayed: most.id,
    least_cue_swayed: least.id,
    data: personas().data,
  };
}

function renderAgents(list: readonly SimListing[]): string {
  const table = new Table({
    style: tableStyle(),
    head: ['agent', 'fitted to', 'cue', 'position', 'temperature', 'endorsement log-odds', 'fit loss', 'max gap'],
  });
  for (const a of list) {
    const p = a.params;
    table.push([
      a.id,
      a.source,
      p.weights.cue,
      p.weights.position,
      p.temperature,
      a.logOdds.toFixed(1),
      a.fit.loss.toFixed(4),
      `${(a.fit.maxDeviation * 100).toFixed(1)} pts (${a.fit.worst})`,
    ]);
  }
  const { most, least } = extremes(list);
  return [
    'sim agents (simulated selection models, not LLMs; --agent sim or sim:PERSONA), fitted to the real choices in',
    `${personas().data}`,
    table.toString(),
    'fit loss: squared error over the shares per edit and the first-position share; max gap: the largest of those gaps',
    'endorsement log-odds: cue weight / temperature, the log-odds of calling a tool with an endorsement line over an identical one without',
    `most cue-swayed ${most.id} (${most.logOdds.toFixed(1)}), least ${least.id} (${least.logOdds.toFixed(1)})`,
    '',
    `llm (--agent llm --model NAME): ${LLM_NEEDS}`,
    '',
  ].join('\n');
}

export function agentsCommand(flags: AgentsFlags): void {
  const list = simAgents();
  process.stdout.write(flags.json ? toJsonText(agentsJson(list)) : renderAgents(list));
}
