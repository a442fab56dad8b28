// The route `tdo apply` gives for a server whose descriptions are in its code: `tdo proxy` in its place.
import type { StdioServerSpec } from '../../../src/index.ts';
import type { VersionRow } from '../../../traces/index.ts';

export interface ProxyRoute {
  /** What a host starts in the server's place: the proxy, then the server's own command after `--`. */
  command: string[];
  /** Variables the spec sets for the server: the host must set them for the proxy, which passes its environment on. */
  env: string[];
  /** The folder the spec starts the server in: the host must start the proxy there. */
  cwd?: string;
}

/**
 * The proxy command for `version`. `tdo` is how to start tdo from any folder and `dbPath` is absolute, since
 * hosts start servers from varying working directories; the proxy reads the version from that database.
 */
export function proxyRoute(version: Pick<VersionRow, 'id' | 'server'>, spec: StdioServerSpec, tdo: readonly string[], dbPath: string): ProxyRoute {
  return {
    command: [...tdo, 'proxy', '--name', version.server, '--version', version.id, '--db', dbPath, '--', spec.command, ...spec.args],
    env: Object.keys(spec.env),
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
  };
}
