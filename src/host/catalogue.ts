import type { Catalogue, CatalogueTool } from '../catalogue/catalogue-types.ts';
import type { ListedTool } from './connection.ts';
import { inputError } from '../errors.ts';
import { boundedList } from '../text/bounded-list.ts';

export interface ServerTools {
  server: string;
  tools: ListedTool[];
}

/** server -> tool -> description text that replaces what the server advertises. */
export type DescriptionOverrides = Record<string, Record<string, string>>;

export const NAMESPACE_SEPARATOR = '__';

/**
 * The tool list handed to an agent, in server order then the server's own order. Names that appear on
 * more than one server are namespaced `server__tool` (all of them, so none wins silently); the rest keep
 * their own names, as most hosts show them.
 */
export function buildCatalogue(servers: ServerTools[], overrides: DescriptionOverrides = {}): Catalogue {
  for (const [server, texts] of Object.entries(overrides)) {
    const listed = servers.find((s) => s.server === server);
    if (!listed) throw inputError(`description version is for server "${server}", which this suite does not connect`);
    const known = new Set(listed.tools.map((t) => t.name));
    const unknown = Object.keys(texts).filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw inputError(
        `description version for "${server}" describes ${boundedList(unknown, { quoted: true })}, which the server does not list (it lists ${boundedList(known)})`,
      );
    }
  }
  const names = catalogueNames(servers);
  const tools: CatalogueTool[] = servers
    .flatMap((s) => s.tools.map((t) => ({ server: s.server, t })))
    .map(({ server, t }, i) => ({
      name: names[i]!,
      server,
      tool: t.name,
      description: overrides[server]?.[t.name] ?? t.description,
      inputSchema: t.inputSchema,
    }));
  return { tools };
}

/**
 * Each tool's catalogue name, in catalogue order, unique by construction: every name is checked against and added
 * to one set. Names made for collisions (`server__tool`) are given first, so that a tool another server already
 * calls `good__calculator` cannot take the name made for good's calculator (it is namespaced by its own server
 * instead); then the other names that model APIs accept keep theirs; the rest are renamed around all of these.
 */
function catalogueNames(servers: ServerTools[]): string[] {
  const owners = new Map<string, number>();
  for (const s of servers) for (const t of s.tools) owners.set(t.name, (owners.get(t.name) ?? 0) + 1);
  const namespaced = (server: string, tool: string) => `${server}${NAMESPACE_SEPARATOR}${tool}`;
  const entries = servers.flatMap((s) =>
    s.tools.map((t) => {
      const made = (owners.get(t.name) ?? 0) > 1;
      return { server: s.server, own: t.name, made, wanted: made ? namespaced(s.server, t.name) : t.name };
    }),
  );
  const names: (string | undefined)[] = entries.map(() => undefined);
  const taken = new Set<string>();
  const give = (i: number, name: string) => {
    names[i] = name;
    taken.add(name);
  };
  for (const made of [true, false])
    entries.forEach((e, i) => {
      if (e.made === made && SAFE_NAME.test(e.wanted) && !taken.has(e.wanted)) give(i, e.wanted);
    });
  entries.forEach((e, i) => {
    if (names[i] !== undefined) return;
    const claimedFirst = !e.made && SAFE_NAME.test(e.wanted);
    give(i, uniqueSafeName(claimedFirst ? namespaced(e.server, e.own) : e.wanted, taken));
  });
  return names as string[];
}

const MAX_NAME_LENGTH = 64;
const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Model APIs accept tool names of [A-Za-z0-9_-]{1,64} only, while MCP allows more (dots, slashes):
 * other characters become '_', and a name that then clashes with one in `taken` gets a numeric suffix.
 */
function uniqueSafeName(name: string, taken: Set<string>): string {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_NAME_LENGTH) || 'tool';
  let candidate = safe;
  for (let i = 2; taken.has(candidate); i++) candidate = `${safe.slice(0, MAX_NAME_LENGTH - String(i).length - 1)}_${i}`;
  return candidate;
}

/** The descriptions a server advertises, as a version map. */
export function advertisedDescriptions(server: ServerTools): Record<string, string> {
  return Object.fromEntries(server.tools.map((t) => [t.name, t.description]));
}
