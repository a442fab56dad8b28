import * as z from 'zod';
import { inputError } from '../errors.ts';

const count = (flag: string, min: number) =>
  z
    .number({ error: `${flag} must be a whole number` })
    .int(`${flag} must be a whole number`)
    .min(min, `${flag} must be at least ${min}`);

const routeSchema = z.object({
  path: z.string().regex(/^\/[^\s?#]*$/, 'a route path starts with / and has no spaces, ? or #'),
  upstream: z.url({ protocol: /^https?$/, error: 'a route upstream must be an http(s) URL' }),
});

/** `--method-rate METHOD=N` or `METHOD:NAME=N`: a further limit per token on requests with that Mcp-Method (and Mcp-Name). */
const METHOD_KEY = /^[\w/.-]+(:[^\s=]+)?$/;

export const gatewayOptionsSchema = z
  .object({
    routes: z.array(routeSchema).min(1, 'give at least one --route PATH=URL'),
    port: count('--port', 0).max(65535, '--port must be at most 65535'),
    /** requests per second per token */
    rate: count('--rate', 1),
    /** requests in flight per token (waiting for the upstream's pace or being answered) */
    concurrency: count('--concurrency', 1),
    /** requests of one token waiting for a slot or a rate point; one more is answered 429 */
    queue: count('--queue', 1),
    /** requests per second to each upstream, every token together */
    pace: count('--pace', 1),
    /** requests waiting for an upstream's pace; one more is answered 429 */
    upstreamQueue: count('--upstream-queue', 1),
    methodRates: z
      .record(z.string(), count('--method-rate', 1))
      .refine(
        (rates) => Object.keys(rates).every((key) => METHOD_KEY.test(key)),
        'a --method-rate key is METHOD or METHOD:NAME (a tool, prompt or resource name), e.g. tools/call',
      ),
    redis: z.url({ protocol: /^rediss?$/, error: '--redis must be a redis://HOST:PORT[/DB] URL' }).optional(),
  })
  .refine((o) => new Set(o.routes.map((r) => r.path)).size === o.routes.length, { message: 'each --route needs its own path' });

export type GatewayOptions = z.infer<typeof gatewayOptionsSchema>;
export type Route = GatewayOptions['routes'][number];

/** Checks the options; a bad one is input to fix (exit 2), named in the message. */
export function parseGatewayOptions(input: unknown): GatewayOptions {
  const parsed = gatewayOptionsSchema.safeParse(input);
  if (!parsed.success) throw inputError(`tdo gateway: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

/** `PATH=URL` or `KEY=N` as the CLI takes them. */
export function splitPair(flag: string, text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0 || at === text.length - 1) throw inputError(`${flag} takes KEY=VALUE, got "${text}"`);
  return [text.slice(0, at), text.slice(at + 1)];
}
