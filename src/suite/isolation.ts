// Per-episode and per-run folders for stateful servers: `${EPISODE_DIR}` and `${RUN_DIR}` in a started server's
// args, env and cwd, and `isolation: episode` (a fresh process per episode). The loaders leave the two variables in
// place (src/suite/load.ts, src/config/interpolate.ts); the host fills them in when it starts a process
// (src/host/scratch.ts makes the folders).
import type { ServerSpec, StdioServerSpec } from './server-spec.ts';

/** A fresh empty folder for each episode; a server that uses it gets a fresh process per episode. */
export const EPISODE_DIR = 'EPISODE_DIR';
/** A fresh empty folder for the run-wide process of a server, shared by the run's episodes. */
export const RUN_DIR = 'RUN_DIR';
/** The variables the host fills in when it starts a server, not when the suite loads. */
export const FOLDER_VARIABLES: readonly string[] = [EPISODE_DIR, RUN_DIR];

export type Isolation = 'run' | 'episode';
export type FolderVariables = Partial<Record<typeof EPISODE_DIR | typeof RUN_DIR, string>>;

const reference = (name: string) => '${' + name + '}';

/** The strings of a started server that may hold a folder variable: its arguments, environment values and cwd. */
function launchStrings(spec: StdioServerSpec): string[] {
  return [...spec.args, ...Object.values(spec.env), ...(spec.cwd === undefined ? [] : [spec.cwd])];
}

export function refersTo(spec: StdioServerSpec, name: string): boolean {
  return launchStrings(spec).some((s) => s.includes(reference(name)));
}

/** Whether a path starts with a folder variable: it is absolute once filled in, so it is not resolved against a folder. */
export function startsWithFolder(path: string): boolean {
  return FOLDER_VARIABLES.some((name) => path.startsWith(reference(name)));
}

/** `isolation` as written, else `episode` for a server that uses `${EPISODE_DIR}` (it needs a process per folder). */
export function isolationOf(spec: ServerSpec): Isolation {
  if (!('command' in spec)) return 'run';
  return spec.isolation ?? (refersTo(spec, EPISODE_DIR) ? 'episode' : 'run');
}

/** The spec with the folder variables given replaced in its args, env and cwd. */
export function withFolders(spec: StdioServerSpec, folders: FolderVariables): StdioServerSpec {
  const fill = (text: string) => Object.entries(folders).reduce((t, [name, dir]) => t.replaceAll(reference(name), dir), text);
  return {
    ...spec,
    args: spec.args.map(fill),
    env: Object.fromEntries(Object.entries(spec.env).map(([k, v]) => [k, fill(v)])),
    ...(spec.cwd === undefined ? {} : { cwd: fill(spec.cwd) }),
  };
}

/** What is wrong with a server's use of the folder variables and `isolation`, each with what to write instead. */
export function isolationProblems(spec: ServerSpec): Array<{ path: string[]; message: string }> {
  const problems: Array<{ path: string[]; message: string }> = [];
  const misplaced = (field: string, text: string) => {
    for (const name of FOLDER_VARIABLES) {
      if (!text.includes(reference(name))) continue;
      problems.push({
        path: [field],
        message: `${reference(name)} is a folder tdo makes for a server it starts: use it in the server's args, env or cwd, not in ${field}${'url' in spec ? ' (tdo does not start a server it reaches by URL)' : ''}`,
      });
    }
  };
  if ('url' in spec) {
    misplaced('url', spec.url);
    for (const [key, value] of Object.entries(spec.headers)) misplaced(`headers.${key}`, value);
    return problems;
  }
  misplaced('command', spec.command);
  if (spec.isolation === 'run' && refersTo(spec, EPISODE_DIR)) {
    problems.push({
      path: ['isolation'],
      message: `${reference(EPISODE_DIR)} is a new folder for each episode, so the server needs a fresh process per episode: drop "isolation: run" (a server that uses ${reference(EPISODE_DIR)} gets isolation: episode), or use ${reference(RUN_DIR)} for one folder per run`,
    });
  }
  return problems;
}
