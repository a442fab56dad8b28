import type { Suite } from '../../suite/schema.ts';
import { resolveConditions } from '../conditions.ts';
import { connectSuiteHost, type SuiteHost } from '../suite-host.ts';

/**
 * The suite hosts a worker has connected, one per suite and condition values: starting a suite's servers
 * costs far more than an episode, so a worker keeps them for every later job of the same runs.
 */
export class WorkerHosts {
  private readonly hosts = new Map<string, Promise<SuiteHost>>();

  get(suite: Suite, suiteHash: string, conditions: Record<string, string>): Promise<SuiteHost> {
    const key = JSON.stringify([suiteHash, Object.entries(conditions).sort()]);
    let host = this.hosts.get(key);
    if (host === undefined) {
      host = Promise.resolve().then(() => connectSuiteHost(suite, resolveConditions(suite, conditions).effect));
      // A failed start is not kept: the next job tries again.
      host.catch(() => this.hosts.delete(key));
      this.hosts.set(key, host);
    }
    return host;
  }

  async close(): Promise<void> {
    const hosts = [...this.hosts.values()];
    this.hosts.clear();
    await Promise.allSettled(hosts.map(async (h) => (await h).host.close()));
  }
}
