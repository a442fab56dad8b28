import type { ToolInvoker } from '../catalogue/catalogue-types.ts';
import type { ServerSpec, StdioServerSpec } from '../suite/schema.ts';
import { EPISODE_DIR, isolationOf, refersTo, RUN_DIR, withFolders } from '../suite/isolation.ts';
import { buildCatalogue, type DescriptionOverrides, type ServerTools } from './catalogue.ts';
import type { Catalogue, CatalogueTool, ToolOutcome } from '../catalogue/catalogue-types.ts';
import type { ServerConnection } from './connection.ts';
import { ScratchFolders } from './scratch.ts';
import { startAll, startServer, type HeadersFor, type StartedServer } from './started-server.ts';
import { liveToolCall, type LiveToolCall } from './tool-call.ts';

export type { HeadersFor } from './started-server.ts';

export interface HostOptions {
  /** Added to the environment of the servers the host starts. */
  env?: Record<string, string>;
  /** Headers for the run-wide connection of each server that declares `auth` (listing its tools). */
  headersFor?: HeadersFor;
  /** Ctrl-C: a server still starting is given up at once, not waited for (it got the signal too, and may be gone). */
  signal?: AbortSignal;
}

/** The calls of one episode, routed over connections that may carry that episode's credentials. */
export interface EpisodeRoutes {
  invoker(catalogue: Catalogue, onCall: (call: LiveToolCall) => void): ToolInvoker;
  close(): Promise<void>;
}

/** What an episode brings to its routes: its id (its folders are named by it) and its own credentials, if any. */
export interface EpisodeContext {
  id: string;
  headersFor?: HeadersFor;
}

/**
 * The instrumented host: live connections to a suite's servers and their advertised tools. It knows
 * no tool by name; everything it routes comes from the servers' own tools/list. A server with
 * `isolation: episode` is started afresh for each episode (src/suite/isolation.ts).
 */
export class Host {
  private constructor(
    private readonly shared: StartedServer[],
    readonly servers: ServerTools[],
    /** the servers started per episode, `${RUN_DIR}` filled in */
    private readonly perEpisode: StdioServerSpec[],
    private readonly scratch: ScratchFolders,
    private readonly options: HostOptions,
  ) {}

  static async connect(specs: ServerSpec[], options: HostOptions = {}): Promise<Host> {
    const scratch = new ScratchFolders();
    const env = options.env ?? {};
    let started: StartedServer[] = [];
    try {
      const filled = specs.map((spec) => ('command' in spec && refersTo(spec, RUN_DIR) ? withFolders(spec, { [RUN_DIR]: scratch.run() }) : spec));
      const perEpisode = filled.filter((spec): spec is StdioServerSpec => isolationOf(spec) === 'episode');
      // A server started per episode is started once here too, in folders of its own, only to list its tools.
      const listing =
        perEpisode.length === 0
          ? undefined
          : await scratch.episode(
              'listing',
              perEpisode.map((s) => s.name),
            );
      const forListing = (spec: ServerSpec) => {
        const folder = listing?.folders.get(spec.name);
        return folder === undefined ? spec : withFolders(spec as StdioServerSpec, { [EPISODE_DIR]: folder });
      };
      started = await startAll(filled, (spec) => startServer(forListing(spec), env, options.headersFor, options.signal));
      const servers = await Promise.all(started.map(async (s) => ({ server: s.spec.name, tools: await s.connection.listTools() })));
      const shared = started.filter((s) => !perEpisode.some((p) => p.name === s.spec.name));
      await Promise.allSettled(started.filter((s) => !shared.includes(s)).map((s) => s.close()));
      await listing?.remove();
      return new Host(shared, servers, perEpisode, scratch, options);
    } catch (err) {
      await Promise.allSettled(started.map((s) => s.close()));
      await scratch.close();
      throw err;
    }
  }

  catalogue(overrides: DescriptionOverrides = {}): Catalogue {
    return buildCatalogue(this.servers, overrides);
  }

  /** The URL of a server reached over HTTP (as given, or as the started process announced it). */
  urlOf(server: string): string | undefined {
    const spec = this.shared.find((s) => s.spec.name === server)?.spec;
    return spec !== undefined && 'url' in spec ? spec.url : undefined;
  }

  /** Routes an agent's calls by catalogue name over the run-wide connections and reports each finished call. */
  invoker(catalogue: Catalogue, onCall: (call: LiveToolCall) => void): ToolInvoker {
    if (this.perEpisode.length > 0)
      throw new Error(`servers ${this.perEpisode.map((s) => s.name).join(', ')} are started per episode: route calls with Host.episode()`);
    this.byServer ??= new Map(this.shared.map((s) => [s.spec.name, s.connection]));
    return routeCalls(this.byServer, catalogue, onCall);
  }

  /** The run-wide connections by server name, made at the first invoker and shared by every episode's. */
  private byServer: Map<string, ServerConnection> | undefined;

  /**
   * Routes for one episode: servers that declare `auth` get fresh connections carrying the episode's
   * headers (its own token); servers isolated per episode get a fresh process each, with fresh
   * `${EPISODE_DIR}` folders; the rest share the run-wide connections.
   */
  async episode(context: EpisodeContext): Promise<EpisodeRoutes> {
    const { headersFor } = context;
    const reconnect = headersFor === undefined ? [] : this.shared.filter((s) => 'url' in s.spec && s.spec.auth !== undefined).map((s) => s.spec);
    const folders =
      this.perEpisode.length === 0
        ? undefined
        : await this.scratch.episode(
            context.id,
            this.perEpisode.map((s) => s.name),
          );
    let own: StartedServer[];
    try {
      own = await startAll([...reconnect, ...this.perEpisode.map((spec) => withFolders(spec, { [EPISODE_DIR]: folders!.folders.get(spec.name)! }))], (spec) =>
        startServer(spec, this.options.env ?? {}, headersFor, this.options.signal),
      );
    } catch (err) {
      await folders?.remove();
      throw err;
    }
    const byServer = new Map(this.shared.map((s) => [s.spec.name, s.connection]));
    for (const s of own) byServer.set(s.spec.name, s.connection);
    return {
      invoker: (catalogue, onCall) => routeCalls(byServer, catalogue, onCall),
      close: async () => {
        await Promise.allSettled(own.map((s) => s.close()));
        await folders?.remove();
      },
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.shared.map((s) => s.close()));
    await this.scratch.close();
  }
}

// A run hands every episode the same catalogue, so its name index is built once, not once per episode.
const toolsByName = new WeakMap<Catalogue, Map<string, CatalogueTool>>();

function routeCalls(byServer: Map<string, ServerConnection>, catalogue: Catalogue, onCall: (call: LiveToolCall) => void): ToolInvoker {
  let byName = toolsByName.get(catalogue);
  if (byName === undefined) {
    byName = new Map();
    for (const t of catalogue.tools) {
      // buildCatalogue gives unique names; a catalogue listing one twice would send some calls to the wrong server.
      if (byName.has(t.name)) throw new Error(`catalogue lists the tool name "${t.name}" twice (servers ${byName.get(t.name)!.server} and ${t.server})`);
      byName.set(t.name, t);
    }
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
