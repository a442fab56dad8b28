import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { AGENTS_OPTIONS, type AgentsFlags } from '../tables/agents.ts';

export function registerAgents(program: Command): void {
  const command = program
    .command('agents')
    .description('list the agents --agent accepts: sim, its personas fitted to real models (with their fit error and source) and llm');
  addTable(command, AGENTS_OPTIONS);
  command.action(async (flags: AgentsFlags) => {
    const { agentsCommand } = await import('../actions/agents.ts');
    agentsCommand(flags);
  });
}
