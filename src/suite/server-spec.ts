// The servers a suite names: one it starts (stdio, or HTTP it starts and then reaches) or one it only reaches by
// URL. Apart from the suite's schema (src/suite/schema.ts) so that the isolation rules (src/suite/isolation.ts)
// read the same shapes without importing the schema that applies them.
import * as z from 'zod';

/**
 * The runner mints a bearer token (JWT, HS256 with the secret in TDO_AUTH_SECRET) for each episode:
 * subject = that episode's buyer, audience = the server's URL, these scopes, and the task's limit as
 * `max_price` when a condition says so. HTTP servers only: tokens travel in the Authorization header.
 */
export const serverAuthSchema = z.strictObject({ scopes: z.array(z.string().min(1)).min(1) });
export type ServerAuth = z.infer<typeof serverAuthSchema>;

const serverNameSchema = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9_-]+$/, 'server names use letters, digits, _ and -');

/**
 * A server the suite starts: over stdio, or (`transport: http`) as a process that serves Streamable
 * HTTP and prints `listening http://...` on stderr, which the runner then connects to.
 */
export const stdioServerSchema = z.strictObject({
  name: serverNameSchema,
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
  transport: z.enum(['stdio', 'http']).optional(),
  auth: serverAuthSchema.optional(),
  /**
   * `episode`: a fresh process for every episode, for a server whose state (a file, memory) must not carry from
   * one episode to the next; `run`: one process for the whole run. Default: `episode` when the server uses
   * `${EPISODE_DIR}`, else `run` (src/suite/isolation.ts).
   */
  isolation: z.enum(['run', 'episode']).optional(),
});
export type StdioServerSpec = z.infer<typeof stdioServerSchema>;
export const httpServerSchema = z.strictObject({
  name: serverNameSchema,
  url: z.url(),
  headers: z.record(z.string(), z.string()).default({}),
  auth: serverAuthSchema.optional(),
});
export type HttpServerSpec = z.infer<typeof httpServerSchema>;
export const serverSpecSchema = z.union([stdioServerSchema, httpServerSchema]);
export type ServerSpec = z.infer<typeof serverSpecSchema>;
