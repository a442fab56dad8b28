// Generated blocks in the documentation: `npm run figures` (bench/readme-figures.ts) replaces the text between
// `<!-- figures:NAME -->` and `<!-- /figures -->` with what it measured, and leaves every other line as it was,
// so no figure it produces is edited by hand.
import { readFileSync, writeFileSync } from 'node:fs';

const OPEN = /^<!-- figures:([a-z0-9-]+) -->$/;
const CLOSE = '<!-- /figures -->';
const MARKER = /<!-- \/?figures\b/;

interface Block {
  name: string;
  /** line indexes of the opening and closing markers */
  open: number;
  close: number;
}

/** The blocks of one file, in order; an unbalanced, nested or malformed marker is refused, naming its line. */
export function findBlocks(text: string, file: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  let current: { name: string; open: number } | null = null;
  lines.forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    const open = OPEN.exec(line.trim());
    if (open !== null) {
      if (current !== null)
        throw new Error(`${at}: block "${open[1]}" opens inside block "${current.name}" (opened at line ${current.open + 1}); close it first with ${CLOSE}`);
      current = { name: open[1]!, open: i };
    } else if (line.trim() === CLOSE) {
      if (current === null) throw new Error(`${at}: ${CLOSE} closes no block; remove it or open one with <!-- figures:NAME -->`);
      blocks.push({ ...current, close: i });
      current = null;
    } else if (MARKER.test(line)) {
      throw new Error(`${at}: a figures marker must be a line of its own, "<!-- figures:NAME -->" (NAME in a-z, 0-9, -) or "${CLOSE}"`);
    }
  });
  if (current !== null) {
    const open: { name: string; open: number } = current;
    throw new Error(`${file}:${open.open + 1}: block "${open.name}" is never closed; add ${CLOSE} after it`);
  }
  return blocks;
}

/** The text with each block's body replaced by `bodies[name]`; a block with no body given is refused. */
export function replaceBlocks(text: string, file: string, bodies: ReadonlyMap<string, string>): string {
  const blocks = findBlocks(text, file);
  const unknown = blocks.filter((b) => !bodies.has(b.name));
  if (unknown.length > 0) {
    const names = unknown.map((b) => `"${b.name}" (line ${b.open + 1})`).join(', ');
    throw new Error(`${file}: no figures are produced for block ${names}; the known blocks are ${[...bodies.keys()].join(', ')}`);
  }
  for (const [name, body] of bodies)
    if (MARKER.test(body)) throw new Error(`the figures for block "${name}" hold a figures marker, which would break the file's blocks`);
  const lines = text.split('\n');
  const out: string[] = [];
  let from = 0;
  for (const b of blocks) {
    out.push(...lines.slice(from, b.open + 1), ...bodies.get(b.name)!.replace(/\n+$/, '').split('\n'));
    from = b.close;
  }
  out.push(...lines.slice(from));
  return out.join('\n');
}

/** Each block's body as the files hold it now: what a block that is not produced again keeps. */
export function currentBodies(files: readonly string[]): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const b of findBlocks(lines.join('\n'), file)) bodies.set(b.name, lines.slice(b.open + 1, b.close).join('\n'));
  }
  return bodies;
}

/**
 * Writes every block into the files that hold it. All files are checked before any is written, and a body that
 * no file has a block for is refused, so a renamed or deleted marker never drops a figure silently.
 */
export function writeBlocks(files: readonly string[], bodies: ReadonlyMap<string, string>): Map<string, string[]> {
  const written = new Map<string, string[]>();
  const updated = files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const names = findBlocks(text, file).map((b) => b.name);
    written.set(file, names);
    return { file, before: text, text: replaceBlocks(text, file, bodies) };
  });
  const placed = new Set([...written.values()].flat());
  const homeless = [...bodies.keys()].filter((name) => !placed.has(name));
  if (homeless.length > 0) throw new Error(`no file holds a block for ${homeless.join(', ')}; add <!-- figures:NAME --> ... ${CLOSE} where it belongs`);
  for (const { file, before, text } of updated) if (text !== before) writeFileSync(file, text);
  return written;
}
