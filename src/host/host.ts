import type { ToolInvoker } from '../agents/agent.ts';
import type { ServerSpec } from '../suite/schema.ts';
import { buildCatalogue, type DescriptionOverrides, type ServerTools } from './catalogue.ts';
import type { Catalogue, ToolOutcome } from './catalogue-types.ts';
import { connectServer, type ServerConnection } from './connection.ts';

/** A tool call as the host saw it, for recording. */
export interface ToolCallEvent {
  server: string;
  tool: string;
  catalogueName: string;
  args: Record<string, unknown>;
  outcome: ToolOutcome;
  latencyMs: number;
}

/**
 * The instrumented host: live connections to a suite's servers and their advertised tools. It knows
 * no tool by name; everything it routes comes from the servers' own tools/list.
 */
export class Host {
  private constructor(
    private readonly connections: ServerConnection[],
    readonly servers: ServerTools[],
  ) {}

  static async connect(specs: ServerSpec[]): Promise<Host> {
    const settled = await Promise.allSettled(specs.map((spec) => connectServer(spec)));
    const connections = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure) {
      await Promise.allSettled(connections.map((c) => c.close()));
      throw failure.reason;
    }
    try {
      const servers = await Promise.all(connections.map(async (c) => ({ server: c.name, tools: await c.listTools() })));
      return new Host(connections, servers);
    } catch (err) {
      await Promise.allSettled(connections.map((c) => c.close()));
      throw err;
    }
  }

  catalogue(overrides: DescriptionOverrides = {}): Catalogue {
    return buildCatalogue(this.servers, overrides);
  }

  /** Routes an agent's calls by catalogue name and reports each finished call. */
  invoker(catalogue: Catalogue, onCall: (event: ToolCallEvent) => void): ToolInvoker {
    const byName = new Map(catalogue.tools.map((t) => [t.name, t]));
    const byServer = new Map(this.connections.map((c) => [c.name, c]));
    return {
      async call(toolName, args) {
        const entry = byName.get(toolName);
        const started = performance.now();
        const outcome: ToolOutcome = entry
          ? await byServer.get(entry.server)!.callTool(entry.tool, args)
          : { text: `Unknown tool "${toolName}". Available tools: ${[...byName.keys()].join(', ')}.`, isError: true };
        onCall({
          server: entry?.server ?? '',
          tool: entry?.tool ?? toolName,
          catalogueName: toolName,
          args,
          outcome,
          latencyMs: performance.now() - started,
        });
        return outcome;
      },
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.connections.map((c) => c.close()));
  }
}
