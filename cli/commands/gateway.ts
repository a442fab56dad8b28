import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { GATEWAY_OPTIONS, type GatewayFlags } from '../tables/gateway.ts';

export function registerGateway(program: Command): void {
  const command = program
    .command('gateway')
    .description(
      'serve Streamable HTTP MCP servers through one gateway on 127.0.0.1: check each bearer token, limit requests per second and in flight per token, queue the excess (bounded) and answer 429 with Retry-After beyond it, keep each upstream at its pace',
    );
  addTable(command, GATEWAY_OPTIONS);
  command.action(async (flags: GatewayFlags) => {
    const { gatewayCommand } = await import('../actions/gateway.ts');
    await gatewayCommand(flags);
  });
}
