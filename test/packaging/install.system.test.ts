// The package as a user gets it: `npm pack`, installed as a dependency of a project of its own (outside the
// clone, so nothing resolves through the repository's node_modules), then run with npx from that project.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/lab-runs.ts';

// better-sqlite3 compiles its native module during the install when no prebuilt one can be fetched.
const INSTALL_TIMEOUT_MS = 30 * 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  [field: string]: unknown;
}

/**
 * The environment of `npm test` describes the repository (its package, its script, its folder as the local prefix):
 * a child npm must see the user's npm configuration (cache, nodedir, ...) but not those, or it acts on the clone.
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: undefined, TDO_DB: undefined, OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined };
  for (const key of Object.keys(env)) {
    const fromTheInvocation = /^npm_/i.test(key) && !/^npm_config_/i.test(key);
    if (fromTheInvocation || /^npm_config_local_prefix$/i.test(key)) delete env[key];
  }
  return env;
}

function run(command: string, args: string[], cwd: string): Promise<Result> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: childEnv(), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/**
 * The project's lockfile: tdo from the tarball, its dependencies exactly as the repository's lockfile has them minus
 * the development-only ones. With it npm installs from the cache the repository's `npm ci` filled, offline; without
 * it npm would first ask the registry for every dependency's list of versions.
 */
function projectLock(root: Record<string, unknown>, tarballSpec: string, tarball: string): unknown {
  const repoLock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const packages: Record<string, unknown> = { '': root };
  packages['node_modules/tdo'] = {
    version: manifest['version'],
    resolved: tarballSpec,
    integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
    license: manifest['license'],
    dependencies: manifest['dependencies'],
    bin: manifest['bin'],
    engines: manifest['engines'],
  };
  for (const [path, entry] of Object.entries(repoLock.packages)) {
    if (path === '' || entry.dev) continue;
    // devOptional: a development dependency of the repository that some runtime dependency wants optionally
    const { devOptional, ...rest } = entry;
    packages[path] = devOptional ? { ...rest, optional: true } : rest;
  }
  return { name: root['name'], version: root['version'], lockfileVersion: 3, requires: true, packages };
}

const scratch = mkdtempSync(join(tmpdir(), 'tdo-install-'));
const project = join(scratch, 'project');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let packedFiles: string[] = [];

beforeAll(async () => {
  const packed = await run('npm', ['pack', '--json', '--pack-destination', scratch], REPO_ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  const [report] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packedFiles = report!.files.map((f) => f.path);
  const tarball = join(scratch, report!.filename);

  mkdirSync(project);
  const tarballSpec = `file:../${report!.filename}`;
  const root = { name: 'tdo-install-check', version: '1.0.0', dependencies: { tdo: tarballSpec } };
  // What README.md tells a project to add: npm runs no dependency's install script unless allowed.
  writeFileSync(join(project, 'package.json'), JSON.stringify({ ...root, private: true, allowScripts: { 'better-sqlite3': true, esbuild: true } }, null, 2));
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify(projectLock(root, tarballSpec, tarball), null, 2));
  const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], project);
  expect(installed.code, installed.stderr).toBe(0);
}, INSTALL_TIMEOUT_MS);

describe('tdo installed from its packed tarball into another project', () => {
  it('ships the runtime folders and the files they read, and no tests, benchmarks or databases', () => {
    expect(new Set(packedFiles.map((p) => p.split('/')[0]))).toEqual(
      new Set(['package.json', 'README.md', 'ARCHITECTURE.md', 'docs', 'bin', 'cli', 'src', 'servers', 'traces', 'optimizer', 'experiments']),
    );
    for (const file of [
      'bin/tdo.js',
      // README's links point into docs/
      'docs/commands.md',
      'src/agents/sim/vectors/glove.bin',
      'src/suite/suite.schema.json',
      'experiments/shipped/suites/lab.yaml',
      'experiments/shipped/catalogs/server-filesystem.json',
      'servers/lab/descriptions.json',
      'traces/migrations/meta/_journal.json',
    ]) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((p) => /\.db(-|$)/.test(p))).toEqual([]);
  });

  it(
    '`npx tdo --help` works in the project, and the installed bin works from any other folder',
    async () => {
      const help = await run('npx', ['tdo', '--help'], project);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toContain('Usage: tdo');

      const elsewhere = mkdtempSync(join(scratch, 'elsewhere-'));
      const direct = await run(join(project, 'node_modules/.bin/tdo'), ['--help'], elsewhere);
      expect(direct.code, direct.stderr).toBe(0);
      expect(direct.stdout).toContain('Usage: tdo');
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'runs a shipped suite against the shipped servers, recording to tdo.db in the project folder',
    async () => {
      const result = await run('npx', ['tdo', 'run', '--suite', 'lab', '--split', 'val'], project);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`traces in ${join(project, 'tdo.db')}`);
      expect(existsSync(join(project, 'tdo.db'))).toBe(true);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "says how to install the filesystem suite's server, a development dependency, when it is missing",
    async () => {
      const result = await run('npx', ['tdo', 'run', '--suite', 'filesystem', '--split', 'val'], project);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('npm i @modelcontextprotocol/server-filesystem');
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'says how to build better-sqlite3 when its install script was skipped',
    async () => {
      const build = join(project, 'node_modules/better-sqlite3/build');
      renameSync(build, `${build}-skipped`);
      const result = await run('npx', ['tdo', 'run', '--suite', 'lab', '--split', 'val'], project);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('"allowScripts": {"better-sqlite3": true}');
      expect(result.stderr).toContain('npm rebuild better-sqlite3');
    },
    RUN_TIMEOUT_MS,
  );
});
