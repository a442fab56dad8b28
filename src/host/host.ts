import type { ToolInvoker } from '../agents/agent.ts';
import type { HttpServerSpec, ServerSpec } from '../suite/schema.ts';
import { buildCatalogue, type DescriptionOverrides, type ServerTools } from './catalogue.ts';
import type { Catalogue, CatalogueTool, ToolOutcome } from './catalogue-types.ts';
import { connectServer, type ServerConnection } from './connection.ts';
import { inheritedEnv } from './inherited-env.ts';
import { launchHttpServer, type LaunchedServer } from './launch.ts';
import { liveToolCall, type LiveToolCall } from './tool-call.ts';

/** Extra request headers for one server (e.g. a bearer token), given its name and URL. */
export type HeadersFor = (server: string, url: string) => Promise<Record<string, string>>;

export interface HostOptions {
  /** Added to the environment of the servers the host starts. */
  env?: Record<string, string>;
  /** Headers for the run-wide connection of each server that declares `auth` (listing its tools). */
  headersFor?: HeadersFor;
}

/** The calls of one episode, routed over connections that may carry that episode's credentials. */
export interface EpisodeRoutes {
  invoker(catalogue: Catalogue, onCall: (call: LiveToolCall) => void): ToolInvoker;
  close(): Promise<void>;
}

/**
 * The instrumented host: live connections to a suite's servers and their advertised tools. It knows
 * no tool by name; everything it routes comes from the servers' own tools/list.
 */
export class Host {
  private constructor(
    private readonly connections: ServerConnection[],
    readonly servers: ServerTools[],
    /** The specs as connected: servers the host started over HTTP appear with their URL. */
    private readonly specs: ServerSpec[],
    private readonly launched: LaunchedServer[],
  ) {}

  static async connect(specs: ServerSpec[], options: HostOptions = {}): Promise<Host> {
    const launched: LaunchedServer[] = [];
    const stopLaunched = () => Promise.allSettled(launched.map((l) => l.stop()));
    let resolved: ServerSpec[];
    try {
      resolved = await Promise.all(
        specs.map(async (spec): Promise<ServerSpec> => {
          if (!('command' in spec) || spec.transport !== 'http') return spec;
          const server = await launchHttpServer(spec, { ...inheritedEnv(), ...options.env });
          launched.push(server);
          return { name: spec.name, url: server.url, headers: {}, ...(spec.auth === undefined ? {} : { auth: spec.auth }) };
        }),
      );
    } catch (err) {
      await stopLaunched();
      throw err;
    }

    const settled = await Promise.allSettled(resolved.map(async (spec) => connectServer(await withHeaders(spec, options.headersFor))));
    const connections = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure) {
      await Promise.allSettled(connections.map((c) => c.close()));
      await stopLaunched();
      throw failure.reason;
    }
    try {
      const servers = await Promise.all(connections.map(async (c) => ({ server: c.name, tools: await c.listTools() })));
      return new Host(connections, servers, resolved, launched);
    } catch (err) {
      await Promise.allSettled(connections.map((c) => c.close()));
      await stopLaunched();
      throw err;
    }
  }

  catalogue(overrides: DescriptionOverrides = {}): Catalogue {
    return buildCatalogue(this.servers, overrides);
  }

  /** The URL of a server reached over HTTP (as given, or as the started process announced it). */
  urlOf(server: string): string | undefined {
    const spec = this.specs.find((s) => s.name === server);
    return spec !== undefined && 'url' in spec ? spec.url : undefined;
  }

  /** Routes an agent's calls by catalogue name over the run-wide connections and reports each finished call. */
  invoker(catalogue: Catalogue, onCall: (call: LiveToolCall) => void): ToolInvoker {
    this.byServer ??= new Map(this.connections.map((c) => [c.name, c]));
    return routeCalls(this.byServer, catalogue, onCall);
  }

  /** The run-wide connections by server name, made at the first invoker and shared by every episode's. */
  private byServer: Map<string, ServerConnection> | undefined;

  /**
   * Routes for one episode: servers that declare `auth` get fresh connections carrying `headersFor`'s
   * headers (the episode's own token); the rest share the run-wide connections.
   */
  async episode(headersFor: HeadersFor): Promise<EpisodeRoutes> {
    const own = await Promise.all(
      this.specs
        .filter((spec): spec is HttpServerSpec => 'url' in spec && spec.auth !== undefined)
        .map(async (spec) => connectServer(await withHeaders(spec, headersFor))),
    );
    const byServer = new Map(this.connections.map((c) => [c.name, c]));
    for (const c of own) byServer.set(c.name, c);
    return {
      invoker: (catalogue, onCall) => routeCalls(byServer, catalogue, onCall),
      close: async () => {
        await Promise.allSettled(own.map((c) => c.close()));
      },
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.connections.map((c) => c.close()));
    await Promise.allSettled(this.launched.map((l) => l.stop()));
  }
}

// A run hands every episode the same catalogue, so its name index is built once, not once per episode.
const toolsByName = new WeakMap<Catalogue, Map<string, CatalogueTool>>();

function routeCalls(byServer: Map<string, ServerConnection>, catalogue: Catalogue, onCall: (call: LiveToolCall) => void): ToolInvoker {
  let byName = toolsByName.get(catalogue);
  if (byName === undefined) {
    byName = new Map(catalogue.tools.map((t) => [t.name, t]));
    toolsByName.set(catalogue, byName);
  }
  return {
    async call(toolName, args) {
      const entry = byName.get(toolName);
      const started = performance.now();
      const outcome: ToolOutcome = entry
        ? await byServer.get(entry.server)!.callTool(entry.tool, args)
        : { text: `Unknown tool "${toolName}". Available tools: ${[...byName.keys()].join(', ')}.`, isError: true };
      onCall(liveToolCall(entry, toolName, args, outcome, performance.now() - started));
      return outcome;
    },
  };
}

/** An HTTP spec with `auth` gets the extra headers; everything else is returned as is. */
async function withHeaders(spec: ServerSpec, headersFor: HeadersFor | undefined): Promise<ServerSpec> {
  if (!('url' in spec) || spec.auth === undefined || headersFor === undefined) return spec;
  return { ...spec, headers: { ...spec.headers, ...(await headersFor(spec.name, spec.url)) } };
}
