import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The maps a newcomer reads first must not send them to a file or a function that moved. Every path and every
// code name ARCHITECTURE.md and CONTRIBUTING.md write in backquotes is looked up in the repository.

const ROOT = resolve(import.meta.dirname, '../..');
const MAPS = ['ARCHITECTURE.md', 'CONTRIBUTING.md'];

interface Repository {
  files: readonly string[];
  folders: readonly string[];
  read(file: string): string;
}

/** The working tree's files and folders, relative to the root, without installed packages and git's own. */
function repository(): Repository {
  const paths = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
    .map((p) => p.split('\\').join('/'))
    .filter((p) => !/(^|\/)(node_modules|\.git)(\/|$)/.test(p));
  const files = paths.filter((p) => statSync(join(ROOT, p)).isFile());
  const folders = paths.filter((p) => !files.includes(p));
  return { files, folders, read: (file) => readFileSync(join(ROOT, file), 'utf8') };
}

const FILE_EXTENSION = /\.(ts|js|mjs|md|json|jsonl|yaml|sh|png|html)$/;
/** A placeholder segment of a path pattern (`tables/X.ts`, `NAME.test.ts`), not a name to look up. */
const PLACEHOLDER = /(^|[/.])(X|N|NAME)(\.|\/|$)/;
/** An identifier a reader would search the code for: camelCase, PascalCase with an inner capital, or UPPER_SNAKE. */
const CODE_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const LOOKS_LIKE_CODE = /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/;

const escaped = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** Whether `name` is declared in the source: a function, binding, class or type, a member, or a re-export. */
function declares(source: string, name: string): boolean {
  const n = escaped(name);
  return new RegExp(
    `(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${n}\\b|^\\s*(?:readonly |async |static |private |get )*${n}\\??\\s*[:(<]|export \\{[^}]*\\b${n}\\b`,
    'm',
  ).test(source);
}

/** Why a backquoted path is not in the repository, or undefined when it is. A path not from the root is a suffix. */
function missingPath(repo: Repository, token: string): string | undefined {
  const path = token.replace(/\/$/, '');
  const everything = [...repo.files, ...repo.folders];
  if (path.includes('*')) {
    const pattern = new RegExp(`^${escaped(path).replace(/\*/g, '[^/]*')}$`);
    return repo.files.some((f) => pattern.test(f)) ? undefined : `${token}: no file matches`;
  }
  const fromRoot = repo.folders.includes(path.split('/')[0]!) || repo.files.includes(path);
  const found = fromRoot ? everything.includes(path) : everything.some((f) => f.endsWith(path.startsWith('.') ? path : `/${path}`));
  return found ? undefined : `${token}: no such file or folder`;
}

const isPath = (repo: Repository, token: string) =>
  token.endsWith('/') || FILE_EXTENSION.test(token) || repo.folders.includes(token.split('/')[0]!) || repo.files.includes(token);

/** Every backquoted path and code name of one map that the repository lacks, with why. */
export function brokenReferences(repo: Repository, map: string): string[] {
  const text = map.replace(/```[\s\S]*?```/g, '');
  const code = repo.files.filter((f) => /\.(ts|js|mjs)$/.test(f)).map((f) => repo.read(f));
  const problems: string[] = [];
  for (const [, token] of text.matchAll(/`([^`\n]+)`/g)) {
    if (/\s/.test(token!) || PLACEHOLDER.test(token!)) continue;
    if (isPath(repo, token!)) {
      const missing = missingPath(repo, token!);
      if (missing !== undefined) problems.push(missing);
    } else if (CODE_NAME.test(token!) && LOOKS_LIKE_CODE.test(token!)) {
      const name = token!.split('.').pop()!;
      if (!code.some((source) => declares(source, name))) problems.push(`${token}: declared nowhere in the code`);
    }
  }
  // "`file.ts` (`name`)": the name is declared in that very file
  for (const [, file, names] of text.matchAll(/`([^`\s]+\.ts)` \(((?:`[^`]+`(?:, )?)+)\)/g)) {
    if (!repo.files.includes(file!)) continue;
    for (const [, name] of names!.matchAll(/`([^`]+)`/g)) {
      if (!declares(repo.read(file!), name!)) problems.push(`${name} is not declared in ${file}`);
    }
  }
  return problems;
}

describe('the maps of the code name what exists', () => {
  const repo = repository();

  it.each(MAPS)('every path and code name %s writes in backquotes is in the repository', (map) => {
    expect(brokenReferences(repo, repo.read(map))).toEqual([]);
  });

  it('catches a moved file, a missing folder, a glob that matches nothing, an unknown name and a name in the wrong file', () => {
    const map = [
      '`src/run/no-such-file.ts`, `src/no-such-folder/`, `experiments/shipped/suites/*.yml`, `noSuchFunction`,',
      '`optimizer/engine/engine.ts` (`runSuite`), and what exists: `src/run/episode.ts`, `src/host/`, `runEpisode`, `tables/X.ts`.',
    ].join('\n');
    expect(brokenReferences(repo, map)).toEqual([
      'src/run/no-such-file.ts: no such file or folder',
      'src/no-such-folder/: no such file or folder',
      'experiments/shipped/suites/*.yml: no file matches',
      'noSuchFunction: declared nowhere in the code',
      'runSuite is not declared in optimizer/engine/engine.ts',
    ]);
  });
});
