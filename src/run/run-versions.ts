import type { DescriptionOverrides } from '../host/catalogue.ts';
import { advertisedDescriptions } from '../host/catalogue.ts';
import type { Host } from '../host/host.ts';
import { inputError, unknownVersionError } from '../errors.ts';
import type { SuiteRunStore } from './store-port.ts';

// The description versions a run serves (src/run/run-suite.ts): the ones asked for, and each other server's own.

/** The descriptions of the versions asked for, by server: at most one version per server. */
export function resolveOverrides(store: SuiteRunStore, versionIds: string[]): DescriptionOverrides {
  const overrides: DescriptionOverrides = {};
  for (const id of versionIds) {
    const version = store.getVersion(id);
    if (!version) throw unknownVersionError(id, store.path);
    if (overrides[version.server]) throw inputError(`two description versions given for server "${version.server}"; pass at most one per server`);
    overrides[version.server] = version.descriptions;
  }
  return overrides;
}

/** The version each connected server serves in the run, by server. */
export function servedVersionIds(store: SuiteRunStore, servers: Host['servers'], versionIds: string[]): Record<string, string> {
  const served: Record<string, string> = {};
  for (const server of servers) {
    const override = versionIds.map((id) => store.getVersion(id)).find((v) => v?.server === server.server);
    // What a server advertises is recorded as its seed version (an already-known text keeps its origin).
    served[server.server] = override?.id ?? store.recordVersion({ server: server.server, descriptions: advertisedDescriptions(server), origin: 'seed' }).id;
  }
  return served;
}

/** A run resumes only with the descriptions it started with. */
export function checkSameVersions(run: { id: string; versionIds: Record<string, string> }, versionIds: Record<string, string>): void {
  const changed = Object.keys(versionIds).filter((server) => run.versionIds[server] !== versionIds[server]);
  if (changed.length > 0) {
    throw inputError(
      `cannot resume run ${run.id}: the descriptions of ${changed.join(', ')} changed since it started (was ${changed.map((s) => run.versionIds[s]).join(', ')}, now ${changed.map((s) => versionIds[s]).join(', ')})`,
    );
  }
}
