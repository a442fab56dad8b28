import type { ToolInvoker } from '../catalogue/catalogue-types.ts';
import type { Catalogue } from '../catalogue/catalogue-types.ts';
import { liveToolCall, type LiveToolCall } from '../host/tool-call.ts';
import { NOT_EXECUTED_RESULT } from '../text/tdo-text.ts';

/** Thrown out of the agent at its first tool call; the runner, not the agent, ends the episode. */
class StoppedAtToolCall extends Error {}

export interface SelectionOnlyCalls {
  invoker: ToolInvoker;
  /** True once the first call was taken (whatever the agent did with the interruption). */
  stopped(): boolean;
}

/**
 * Tools for a selection-only task: the first call to a catalogue tool is recorded through `onCall` with
 * a placeholder result and never reaches a server, then the agent is interrupted. Unknown names still
 * go to `routed`, which answers them with an error the agent can act on.
 */
export function stopAtFirstToolCall(catalogue: Catalogue, routed: ToolInvoker, onCall: (call: LiveToolCall) => void): SelectionOnlyCalls {
  let stopped = false;
  return {
    stopped: () => stopped,
    invoker: {
      async call(toolName, args) {
        const entry = catalogue.tools.find((t) => t.name === toolName);
        if (entry === undefined || stopped) return routed.call(toolName, args);
        stopped = true;
        onCall(liveToolCall(entry, toolName, args, { text: NOT_EXECUTED_RESULT, isError: false }, 0));
        throw new StoppedAtToolCall(`stopped at the first tool call (${toolName})`);
      },
    },
  };
}
