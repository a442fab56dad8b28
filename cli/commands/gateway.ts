import type { Command } from 'commander';

export interface GatewayFlags {
  route: string[];
  port: string;
  rate: string;
  concurrency: string;
  queue: string;
  pace: string;
  upstreamQueue: string;
  methodRate: string[];
  redis?: string;
  secretFile?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerGateway(program: Command): void {
  program
    .command('gateway')
    .description(
      'serve Streamable HTTP MCP servers through one gateway on 127.0.0.1: check each bearer token, limit requests per second and in flight per token, queue the excess (bounded) and answer 429 with Retry-After beyond it, keep each upstream at its pace',
    )
    .option('--route <path=url>', 'an upstream and the path it is served at, e.g. /timber-yard=http://127.0.0.1:8100/mcp (repeat for more)', collect, [])
    .option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', '8200')
    .option('--rate <n>', 'requests per second per token (its subject)', '10')
    .option('--concurrency <n>', 'requests in flight per token', '4')
    .option('--queue <n>', 'requests of one token that may wait; beyond it 429 with Retry-After', '20')
    .option('--pace <n>', 'requests per second to each upstream, every token together', '50')
    .option('--upstream-queue <n>', 'requests that may wait for an upstream; beyond it 429 with Retry-After', '500')
    .option(
      '--method-rate <key=n>',
      'a further limit per token, requests per second with this Mcp-Method header (METHOD or METHOD:NAME, e.g. tools/call:accept_proposal=1); repeatable',
      collect,
      [],
    )
    .option('--redis <url>', 'keep the counts in Redis (redis://HOST:PORT[/DB]) so several gateways share them; default: in this process')
    .option('--secret-file <file>', "the HS256 secret the market's tokens are signed with (else env TDO_AUTH_SECRET)")
    .action(async (flags: GatewayFlags) => {
      const { gatewayCommand } = await import('../actions/gateway.ts');
      await gatewayCommand(flags);
    });
}
