import { inputError } from '../../errors.ts';
import { isSimAgentId, personaOf, simAgentId } from '../sim/agent-id.ts';
import { SimAgent } from '../sim/agent.ts';
import { findPersona, personaParams, personas, type Persona } from '../sim/personas.ts';
import type { AgentFields, AgentKind } from './agent-kind.ts';

/** The sim agent (src/agents/sim/): a calibrated model of how models choose tools, the default or one of its personas. */
export const simKind: AgentKind = {
  fromAgentFlag: simNamed,
  fromAgentsEntry: simNamed,
  agentForms: [
    { form: 'sim', what: 'offline selection model' },
    { form: 'sim:PERSONA', what: 'fitted to one real model; `tdo agents` lists them' },
  ],
  entryForms: ['sim', 'sim:PERSONA'],
  takesModel: false,
  check: (settings) => void simPersona(settings),
  create(settings) {
    const persona = simPersona(settings);
    return persona === undefined ? new SimAgent() : new SimAgent(personaParams(persona), { id: simAgentId(persona.name) });
  },
  agentId: (settings) => simAgentId(settings.persona),
  ownsAgentId: isSimAgentId,
  simulated: true,
  describe(id) {
    const name = personaOf(id);
    const model = name === undefined ? undefined : findPersona(name)?.model;
    return `${id} (simulated selection model${model === undefined ? '' : ` fitted to ${model}'s choices`}, not an LLM)`;
  },
  models: () => [],
  workerRefusal: () => undefined,
  workerConfig: () => undefined,
};

/** `sim` or `sim:NAME`, in `--agent` and `--agents` alike. */
function simNamed(value: string): AgentFields | undefined {
  if (value === simAgentId()) return {};
  const persona = personaOf(value);
  return persona === undefined || persona === '' ? undefined : { persona };
}

/** The persona the settings name (none for the default sim), refusing settings the sim does not read. */
function simPersona(settings: AgentFields): Persona | undefined {
  if (settings.model !== undefined) throw inputError('--model applies to --agent llm only; the sim agent uses no model');
  if (settings.persona === undefined) return undefined;
  const persona = findPersona(settings.persona);
  if (persona === undefined)
    throw inputError(
      `unknown sim persona "${settings.persona}"; the personas are: ${personas()
        .personas.map((p) => p.name)
        .join(', ')} (see \`tdo agents\`)`,
    );
  return persona;
}
