import { inputError } from '../../errors.ts';
import type { LoadedSuite } from '../../suite/load.ts';
import type { EpisodeJob } from './episode-job.ts';
import { suiteHash } from './suite-hash.ts';

/** A suite a worker serves, with the hash a job must name to run it. */
export interface ServedSuite {
  loaded: LoadedSuite;
  hash: string;
}

/**
 * The suites a worker runs: only those its operator named when starting it (`tdo worker --suite`), read
 * from this machine once. A job only names one of them; it never supplies a file, a server or a command,
 * so whoever can push to the queue can choose among the operator's suites and nothing else.
 */
export class ServedSuites {
  private readonly byName = new Map<string, ServedSuite>();

  constructor(suites: readonly LoadedSuite[]) {
    if (suites.length === 0) throw inputError('a worker needs at least one suite to serve');
    for (const loaded of suites) {
      const name = loaded.suite.name;
      const earlier = this.byName.get(name);
      if (earlier !== undefined) throw inputError(`${earlier.loaded.path} and ${loaded.path} are both suite "${name}"; a worker serves one suite of each name`);
      this.byName.set(name, { loaded, hash: suiteHash(loaded.suite) });
    }
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  /** The served suite a job names, or why the job is refused. */
  find(named: EpisodeJob['suite']): ServedSuite | { refused: string } {
    const served = this.byName.get(named.name);
    if (served === undefined)
      return {
        refused: `its suite "${named.name}" is not one this worker serves (it serves ${this.names.join(', ')}); its operator adds suites with \`tdo worker --suite\``,
      };
    if (served.hash !== named.hash)
      return {
        refused: `its suite "${named.name}" here (${served.loaded.path}) differs from the coordinator's (hash ${served.hash.slice(0, 12)}, expected ${named.hash.slice(0, 12)}); give the worker the same suite file`,
      };
    return served;
  }
}
