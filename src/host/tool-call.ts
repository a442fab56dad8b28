import type { ToolCall } from '../../traces/index.ts';
import type { CatalogueTool, ToolOutcome } from '../catalogue/catalogue-types.ts';

/**
 * A tool call as the host saw it: the one ToolCall shape (traces/types.ts), which is what is recorded,
 * plus what only the live call has and the checks read.
 */
export interface LiveToolCall extends ToolCall {
  /** the result's structuredContent, when the server sent one (handles, offers, deals) */
  structured?: Record<string, unknown>;
  /** the server could not be reached or did not answer: an outage, not the tool's answer */
  unreachable?: true;
}

/** The call the agent made by `name`, routed to `entry` (none: no server has that name), and what it returned. */
export function liveToolCall(
  entry: Pick<CatalogueTool, 'server' | 'tool'> | undefined,
  name: string,
  args: Record<string, unknown>,
  outcome: ToolOutcome,
  latencyMs: number,
): LiveToolCall {
  return {
    server: entry?.server ?? '',
    name,
    tool: entry?.tool ?? name,
    args,
    output: outcome.text,
    isError: outcome.isError,
    latencyMs,
    ...(outcome.structured === undefined ? {} : { structured: outcome.structured }),
    ...(outcome.unreachable === true ? { unreachable: true } : {}),
  };
}
