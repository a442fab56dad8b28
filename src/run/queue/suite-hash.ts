import { createHash } from 'node:crypto';
import { canonicalJson } from '../../models/canonical-json.ts';
import type { Suite } from '../../suite/schema.ts';

/**
 * What makes two machines' copies of a suite the same suite: everything but how its servers are started,
 * which differs per machine (paths, ports) and is checked instead by the descriptions the servers advertise.
 */
export function suiteHash(suite: Suite): string {
  const { servers, ...rest } = suite;
  return createHash('sha256')
    .update(canonicalJson({ ...rest, servers: servers.map((s) => s.name) }))
    .digest('hex');
}
