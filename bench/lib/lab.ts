// The lab suite and its servers as the benchmarks use them, and a bare MCP client to compare against.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { LAB_TOOL_NAMES } from '../../servers/lab/server.ts';
import { inheritedEnv } from '../../src/host/inherited-env.ts';
import { loadSuite, type LoadedSuite } from '../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../experiments/shipped/suites/shipped.ts';
import type { ServerSpec, StdioServerSpec } from '../../src/suite/schema.ts';

export function labSuite(): LoadedSuite {
  return loadSuite('lab', { shippedSuites: SHIPPED_SUITES_DIR });
}

export function serverOf(loaded: LoadedSuite, name: string): StdioServerSpec {
  const spec = loaded.suite.servers.find((s) => s.name === name);
  if (spec === undefined || !('command' in spec)) throw new Error(`the ${loaded.suite.name} suite has no stdio server "${name}"`);
  return spec;
}

export interface PlannedCall {
  tool: string;
  args: Record<string, unknown>;
}

/**
 * `count` lab tool calls, cycling through the suite's plan steps that a lab tool answers (their
 * arguments are already in the tool's own parameter names), so the mix is the suite's own.
 */
export function labCalls(loaded: LoadedSuite, count: number): PlannedCall[] {
  const lab = new Set<string>(LAB_TOOL_NAMES);
  const steps = loaded.suite.tasks.flatMap((task) =>
    task.plan.flatMap((step) => {
      const tool = step.tools.find((t) => lab.has(t));
      return tool === undefined ? [] : [{ tool, args: step.args }];
    }),
  );
  if (steps.length === 0) throw new Error('the lab suite has no step that a lab tool answers');
  return Array.from({ length: count }, (_, i) => steps[i % steps.length]!);
}

/**
 * A subclass, as the host's is (src/host/connection.ts): the SDK then sends its version probe to the server it
 * starts instead of starting a disposable sibling server to probe, which would still be loading beside the first
 * timed calls.
 */
class InPlaceProbeStdioTransport extends StdioClientTransport {}

/** What a user's own SDK v2 client would do: no catalogue, no routing, no recording. */
export async function bareClient(spec: ServerSpec): Promise<Client> {
  // The same protocol negotiation as the host's connections, so only the host's own work differs.
  const client = new Client({ name: 'tdo-bench-bare', version: '0.0.0' }, { versionNegotiation: { mode: 'auto' } });
  const transport =
    'url' in spec
      ? new StreamableHTTPClientTransport(new URL(spec.url))
      : new InPlaceProbeStdioTransport({
          command: spec.command,
          args: spec.args,
          env: { ...inheritedEnv(), ...spec.env },
          stderr: 'ignore',
        });
  await client.connect(transport);
  return client;
}
