// The target server's input schemas, beside each proposal request: a proposer can say what a tool takes
// from its schema when the trajectories hold little about it (one or two train tasks). The engine knows
// nothing of MCP, so the schemas ride on the request from here rather than through the engine.
import type { ProposalRequest, Proposer } from '../engine/types.ts';
import type { ToolReflectionRecord } from './reflection.ts';

export interface ToolProposalRequest extends ProposalRequest<ToolReflectionRecord> {
  /** tool -> its input schema as tools/list gave it (untrusted: a proposer parses what it reads) */
  inputSchemas?: Readonly<Record<string, unknown>>;
}

/** The proposer, given the server's input schemas with every request. */
export function withInputSchemas(proposer: Proposer<ToolReflectionRecord>, inputSchemas: Readonly<Record<string, unknown>>): Proposer<ToolReflectionRecord> {
  return {
    id: proposer.id,
    propose(request) {
      const withSchemas: ToolProposalRequest = { ...request, inputSchemas };
      return proposer.propose(withSchemas);
    },
  };
}
