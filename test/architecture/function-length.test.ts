import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The folders of shipped code (ARCHITECTURE.md section 1); test/ and bench/ are not shipped. */
const SHIPPED = ['src', 'cli', 'optimizer', 'experiments', 'traces', 'servers'];

/** A longer body is a function doing several jobs: split it into named steps. */
const MAX_BODY_LINES = 100;

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** How a finding names its function: its own name, or the name it is given (a variable, property or method). */
function functionName(fn: ts.FunctionLikeDeclaration): string {
  if (fn.name) return fn.name.getText();
  const parent = fn.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.initializer === fn) return parent.name.getText();
  return '(anonymous)';
}

/** The 1-based line of a position in the file. */
function lineOf(file: ts.SourceFile, position: number): number {
  return file.getLineAndCharacterOfPosition(position).line + 1;
}

/** A body's lines, from the line of its first character to the line of its last, both counted. */
function bodyLines(body: ts.Node, file: ts.SourceFile): number {
  return lineOf(file, body.getEnd()) - lineOf(file, body.getStart(file)) + 1;
}

/** Every function, method, arrow and function expression in `source` whose body runs past the limit, as "file:line name (N lines)". */
export function longFunctions(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const lines = bodyLines(node.body as ts.Node, file);
      if (lines > MAX_BODY_LINES) found.push(`${fileName}:${lineOf(file, fn.getStart(file))} ${functionName(fn)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe(`function length (no body over ${MAX_BODY_LINES} lines in shipped code)`, () => {
  it('holds in every shipped .ts file', () => {
    const files = SHIPPED.flatMap((folder) => typeScriptFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((full) => longFunctions(relative(ROOT, full), readFileSync(full, 'utf8')));
    expect(found).toEqual([]);
  });

  it('names the file, the function and its length of every long body (the check above can fail)', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const source = [
      `export function short() {\n${lines(98)}\n}`,
      `export function long() {\n${lines(99)}\n}`,
      `export const make = () => ({\n  method() {\n${lines(101)}\n  },\n});`,
      `const handlers = { onCall: function () {\n${lines(120)}\n} };`,
    ].join('\n');
    expect(longFunctions('x.ts', source)).toEqual([
      'x.ts:101 long (101 lines)',
      'x.ts:202 make (105 lines)',
      'x.ts:203 method (103 lines)',
      'x.ts:307 onCall (122 lines)',
    ]);
  });
});
