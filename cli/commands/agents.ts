import type { Command } from 'commander';
import { sharedOption, type JsonFlag } from '../options.ts';

export function registerAgents(program: Command): void {
  program
    .command('agents')
    .description('list the agents --agent accepts: sim, its personas fitted to real models (with their fit error and source) and llm')
    .addOption(sharedOption.json())
    .action(async (flags: JsonFlag) => {
      const { agentsCommand } = await import('../actions/agents.ts');
      agentsCommand(flags);
    });
}
