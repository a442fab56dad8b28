import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Each layer and the layers it may import (ARCHITECTURE.md section 1). */
const ALLOWED: Record<string, string[]> = {
  traces: ['traces'],
  servers: ['servers'],
  core: ['core', 'traces'],
  // the search loop knows nothing of MCP, the host or the store: only its own types
  engine: ['engine'],
  optimizer: ['optimizer', 'engine', 'core', 'traces'],
  experiments: ['experiments', 'optimizer', 'engine', 'core', 'traces'],
  view: ['view', 'experiments', 'optimizer', 'engine', 'core', 'traces'],
  cli: ['cli', 'view', 'experiments', 'optimizer', 'engine', 'core', 'traces', 'servers'],
};

function layerOf(path: string): string | undefined {
  const rel = relative(ROOT, path).split(/[\\/]/);
  if (rel[0] === 'src') return 'core';
  if (rel[0] === 'optimizer' && rel[1] === 'engine') return 'engine';
  if (rel[0] && ['traces', 'servers', 'optimizer', 'experiments', 'view', 'cli'].includes(rel[0])) return rel[0];
  if (rel[0] === 'test' || rel[0] === 'bench') return rel[0];
  return undefined;
}

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mjs)$/.test(name) ? [full] : [];
  });
}

export function relativeImports(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');
  return specifiers.filter((s) => s.startsWith('.'));
}

/** Each layer's public surface: the one file of it the layers above may import (ARCHITECTURE.md section 1). */
const INDEX: Record<string, string> = {
  traces: join(ROOT, 'traces/index.ts'),
  core: join(ROOT, 'src/index.ts'),
  optimizer: join(ROOT, 'optimizer/index.ts'),
  engine: join(ROOT, 'optimizer/index.ts'),
  experiments: join(ROOT, 'experiments/index.ts'),
  view: join(ROOT, 'view/index.ts'),
};

/** Which layers an importer reaches only through their index: every layer below it. */
const THROUGH_INDEX: Record<string, string[]> = {
  core: ['traces'],
  optimizer: ['core', 'traces'],
  engine: ['core'],
  experiments: ['core', 'traces'],
  view: ['optimizer', 'engine', 'experiments', 'core', 'traces'],
  cli: ['view', 'optimizer', 'engine', 'experiments', 'core', 'traces'],
};

/**
 * The composition root alone may also import the face of a subsystem that only it starts, an `index.ts` in a
 * layer's subfolder (src/host, src/models, src/proxy, src/gateway, src/run/queue, traces/langfuse): each loads an
 * SDK, so it stays out of its layer's index, which everything loads.
 */
function isFace(file: string, target: string, to: string): boolean {
  return target === INDEX[to] || (layerOf(file) === 'cli' && basename(target) === 'index.ts');
}

/** An import into another layer that THROUGH_INDEX sends through that layer's index, of some other file. */
function bypassesIndex(file: string, spec: string): boolean {
  const from = layerOf(file)!;
  const target = resolve(dirname(file), spec);
  const to = layerOf(target)!;
  return (THROUGH_INDEX[from] ?? []).includes(to) && !isFace(file, target, to);
}

describe('layering', () => {
  const files = ['src', 'servers', 'traces', 'optimizer', 'experiments', 'view', 'cli'].flatMap((d) => sourceFiles(join(ROOT, d)));

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('every import points down the layers of ARCHITECTURE.md section 1', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOf(file)!;
      for (const spec of relativeImports(readFileSync(file, 'utf8'))) {
        const to = layerOf(resolve(dirname(file), spec));
        if (to === undefined || !ALLOWED[from]!.includes(to)) {
          violations.push(`${relative(ROOT, file)} (${from}) imports ${spec} (${to ?? 'outside the tree'})`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('each layer reaches the layers below only through their index (and cli/ through the faces of the subsystems it starts)', () => {
    const violations = files.flatMap((file) =>
      relativeImports(readFileSync(file, 'utf8'))
        .filter((spec) => bypassesIndex(file, spec))
        .map((spec) => `${relative(ROOT, file)} imports ${spec}`),
    );
    expect(violations).toEqual([]);
  });

  it('the index check catches a deep import', () => {
    expect(bypassesIndex(join(ROOT, 'optimizer/adapter/x.ts'), '../../src/run/episode.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'experiments/review/lint/x.ts'), '../../../src/text/words.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'optimizer/adapter/x.ts'), '../../src/index.ts')).toBe(false);
    expect(bypassesIndex(join(ROOT, 'cli/format/x.ts'), '../../optimizer/engine/stoppers.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'cli/actions/x.ts'), '../../experiments/review/lint/gate.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'cli/x.ts'), '../optimizer/index.ts')).toBe(false);
    expect(bypassesIndex(join(ROOT, 'cli/x.ts'), '../experiments/index.ts')).toBe(false);
    expect(bypassesIndex(join(ROOT, 'cli/actions/x.ts'), '../../view/server.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'view/pages/x.ts'), '../../experiments/format.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'view/pages/x.ts'), '../../traces/index.ts')).toBe(false);
    expect(bypassesIndex(join(ROOT, 'cli/actions/x.ts'), '../../src/run/run-suite.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'cli/x.ts'), '../traces/langfuse/config.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'cli/x.ts'), '../src/proxy/index.ts')).toBe(false);
    expect(bypassesIndex(join(ROOT, 'optimizer/adapter/x.ts'), '../../src/proxy/index.ts')).toBe(true);
    expect(bypassesIndex(join(ROOT, 'src/run/x.ts'), '../../traces/recording.ts')).toBe(true);
    // within a layer any file may import any other
    expect(bypassesIndex(join(ROOT, 'experiments/demo/x.ts'), '../review/lint/gate.ts')).toBe(false);
  });

  it('the checker catches a violation', () => {
    // A server importing the host core, or the engine importing the MCP side of the optimizer, must be
    // reported, or the test above proves nothing.
    const allowed = (file: string, source: string) => {
      const fake = join(ROOT, file);
      const spec = relativeImports(source)[0]!;
      return ALLOWED[layerOf(fake)!]!.includes(layerOf(resolve(dirname(fake), spec))!);
    };
    expect(allowed('servers/lab/x.ts', "import { Host } from '../../src/host/host.ts';")).toBe(false);
    expect(allowed('optimizer/engine/x.ts', "import { McpEvaluator } from '../adapter/evaluator.ts';")).toBe(false);
    expect(allowed('optimizer/engine/x.ts', "import { paretoFront } from './pareto.ts';")).toBe(true);
    expect(allowed('optimizer/adapter/x.ts', "import { runEngine } from '../engine/engine.ts';")).toBe(true);
    expect(allowed('experiments/x.ts', "import { viewApp } from '../view/app.ts';")).toBe(false);
    expect(allowed('view/x.ts', "import { tdo } from '../cli/main.ts';")).toBe(false);
  });
});

/**
 * The core's own layers, lowest first (ARCHITECTURE.md section 1): a file of src/ may import its own folder and the
 * folders before it, never one after it.
 */
const CORE_LAYERS = [
  'errors.ts',
  'json-keys.ts',
  'text',
  'measure',
  'files',
  'models',
  'gateway',
  'catalogue',
  'suite',
  'host',
  'proxy',
  'checks',
  'agents',
  'config',
  'run',
  'suite-check',
  'suite-draft',
  'index.ts',
];

/** The core layer of a file under src/: its folder, or its own name for a file at the top of src/. */
function coreLayerOf(path: string): number {
  const rel = relative(join(ROOT, 'src'), path).split(/[\\/]/);
  const rank = CORE_LAYERS.indexOf(rel[0]!);
  if (rank < 0) throw new Error(`src/${rel[0]} is in no layer of CORE_LAYERS (test/architecture/layering.test.ts): give it a place`);
  return rank;
}

/** An import from a file of src/ to another file of src/ in a later layer of CORE_LAYERS. */
function climbsCoreLayers(file: string, spec: string): boolean {
  const target = resolve(dirname(file), spec);
  return layerOf(target) === 'core' && coreLayerOf(target) > coreLayerOf(file);
}

describe('the layers of the core', () => {
  const files = sourceFiles(join(ROOT, 'src'));

  it('every file of src/ imports only its own layer and the layers before it', () => {
    const violations = files.flatMap((file) =>
      relativeImports(readFileSync(file, 'utf8'))
        .filter((spec) => climbsCoreLayers(file, spec))
        .map((spec) => `${relative(ROOT, file)} imports ${spec}`),
    );
    expect(violations).toEqual([]);
  });

  it('the check catches an import up the layers, and names a folder that has no layer', () => {
    expect(climbsCoreLayers(join(ROOT, 'src/host/x.ts'), '../agents/agent.ts')).toBe(true);
    expect(climbsCoreLayers(join(ROOT, 'src/suite/x.ts'), '../suite-check/power.ts')).toBe(true);
    expect(climbsCoreLayers(join(ROOT, 'src/agents/x.ts'), '../host/host.ts')).toBe(false);
    expect(climbsCoreLayers(join(ROOT, 'src/run/x.ts'), '../../traces/index.ts')).toBe(false);
    expect(() => coreLayerOf(join(ROOT, 'src/drawer/x.ts'))).toThrow(/src\/drawer is in no layer/);
  });
});

/** The files that import each other in a loop (Tarjan's strongly connected components of more than one file). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      circle.push(member);
    } while (member !== node);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('import circles', () => {
  it('finds a loop of files, and none in a chain', () => {
    const loop = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCircles(loop)).toEqual([['a', 'b', 'c']]);
    expect(
      importCircles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('no source files import each other in a loop, type imports and lazy imports included', () => {
    const files = ['src', 'servers', 'traces', 'optimizer', 'experiments', 'view', 'cli'].flatMap((d) => sourceFiles(join(ROOT, d)));
    const graph = new Map(
      files.map((file) => [relative(ROOT, file), relativeImports(readFileSync(file, 'utf8')).map((spec) => relative(ROOT, resolve(dirname(file), spec)))]),
    );
    expect(importCircles(graph)).toEqual([]);
  });
});

const CLI = resolve(import.meta.dirname, '../../cli');

/**
 * The CLI's one pattern per command: cli/tables/X.ts declares the options (and the flags type), cli/commands/X.ts
 * declares the command from its table and loads cli/actions/X.ts, which does the work. An action or a table that
 * imports a command module would close a circle.
 */
function backwardImports(file: string, source: string): string[] {
  const from = relative(CLI, file).split(/[\\/]/)[0];
  if (from !== 'actions' && from !== 'tables') return [];
  return relativeImports(source).filter((spec) => {
    const target = relative(CLI, resolve(dirname(file), spec)).split(/[\\/]/)[0];
    return target === 'commands' || (from === 'tables' && target === 'actions');
  });
}

describe('cli commands, tables and actions', () => {
  it('catches an action or a table that imports a command', () => {
    expect(backwardImports(join(CLI, 'actions/run.ts'), "import type { RunFlags } from '../commands/run.ts';")).toEqual(['../commands/run.ts']);
    expect(backwardImports(join(CLI, 'tables/run.ts'), "const a = await import('../actions/run.ts');")).toEqual(['../actions/run.ts']);
    expect(backwardImports(join(CLI, 'commands/run.ts'), "const a = await import('../actions/run.ts');")).toEqual([]);
  });

  it('no action or table imports a command (no circle between commands/ and actions/)', () => {
    const files = ['actions', 'tables'].flatMap((dir) => readdirSync(join(CLI, dir)).map((name) => join(CLI, dir, name)));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => backwardImports(file, readFileSync(file, 'utf8')).map((spec) => `${relative(CLI, file)} -> ${spec}`));
    expect(found).toEqual([]);
  });
});
