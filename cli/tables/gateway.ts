// `tdo gateway`'s options, declared once (cli/option-table.ts); the numbers stay text here and are checked by the action.
import { valueOption, type FlagsOf } from '../option-table.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

export const GATEWAY_OPTIONS = {
  route: valueOption<string[]>(
    '--route <path=url>',
    'an upstream and the path it is served at, e.g. /timber-yard=http://127.0.0.1:8100/mcp (repeat for more)',
    { parse: collect, default: [] },
  ),
  port: valueOption('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', { default: '8200' }),
  rate: valueOption('--rate <n>', 'requests per second per token (its subject)', { default: '10' }),
  concurrency: valueOption('--concurrency <n>', 'requests in flight per token', { default: '4' }),
  queue: valueOption('--queue <n>', 'requests of one token that may wait; beyond it 429 with Retry-After', { default: '20' }),
  pace: valueOption('--pace <n>', 'requests per second to each upstream, every token together', { default: '50' }),
  upstreamQueue: valueOption('--upstream-queue <n>', 'requests that may wait for an upstream; beyond it 429 with Retry-After', { default: '500' }),
  methodRate: valueOption<string[]>(
    '--method-rate <key=n>',
    'a further limit per token, requests per second of this JSON-RPC method, read from the body (METHOD or METHOD:NAME, e.g. tools/call:accept_proposal=1); repeatable',
    { parse: collect, default: [] },
  ),
  redis: valueOption('--redis <url>', 'keep the counts in Redis (redis://HOST:PORT[/DB]) so several gateways share them; default: in this process'),
  secretFile: valueOption('--secret-file <file>', "the HS256 secret the market's tokens are signed with (else env TDO_AUTH_SECRET)"),
};

export type GatewayFlags = FlagsOf<typeof GATEWAY_OPTIONS>;
