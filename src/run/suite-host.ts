import { Host, type HeadersFor } from '../host/host.ts';
import type { ConditionEffect, Suite, Task } from '../suite/schema.ts';
import { applyServerArgs } from './conditions.ts';
import { bearerHeaders, runSigningSecret, SIGNING_SECRET_ENV } from './tokens.ts';
import { inputError } from '../errors.ts';
import { refuseUnlistedLabels } from './plan-labels.ts';

export interface SuiteHost {
  host: Host;
  /** Each episode's own buyer credentials; undefined when no server declares auth. */
  headersFor?: (episodeId: string, task: Task) => HeadersFor;
}

/**
 * Starts and connects a suite's servers as every run of it needs them: the conditions' arguments appended,
 * and for servers that declare auth (the runner stands in for the authorization server) the
 * signing secret in the environment of servers it starts, a runner token to list tools, and a fresh
 * buyer token per episode, carrying the task's limit when the conditions say so. A plan label no server lists
 * is refused here, before any episode.
 */
export async function connectSuiteHost(suite: Suite, effect: ConditionEffect, signal?: AbortSignal): Promise<SuiteHost> {
  const servers = applyServerArgs(suite.servers, effect.serverArgs);
  const scopes = new Map(servers.flatMap((s) => (s.auth === undefined ? [] : [[s.name, s.auth.scopes] as const])));
  const { secret, fromEnv } = runSigningSecret();
  const unreachable = servers.filter((s) => 'url' in s && s.auth !== undefined);
  if (!fromEnv && unreachable.length > 0) {
    throw inputError(`servers ${unreachable.map((s) => s.name).join(', ')} check bearer tokens: set ${SIGNING_SECRET_ENV} to the secret they verify with`);
  }
  const headersFor =
    scopes.size === 0
      ? undefined
      : (episodeId: string, task: Task) =>
          bearerHeaders(secret, (server) => scopes.get(server), {
            subject: `buyer-${episodeId}`,
            ...(effect.limitInToken && task.limit !== undefined ? { maxPrice: task.limit } : {}),
          });
  const host = await Host.connect(servers, {
    env: { [SIGNING_SECRET_ENV]: secret },
    headersFor: bearerHeaders(secret, (server) => scopes.get(server), { subject: 'tdo-runner' }),
    ...(signal === undefined ? {} : { signal }),
  });
  try {
    refuseUnlistedLabels(suite, host.servers);
  } catch (err) {
    await host.close();
    throw err;
  }
  return { host, ...(headersFor === undefined ? {} : { headersFor }) };
}
