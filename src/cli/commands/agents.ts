import type { Command } from 'commander';

export function registerAgents(program: Command): void {
  program
    .command('agents')
    .description('list the agents --agent accepts: sim, its personas fitted to real models (with their fit error and source) and llm')
    .option('--json', 'print one JSON object')
    .action(async (flags: { json?: boolean }) => {
      const { agentsCommand } = await import('../actions/agents.ts');
      agentsCommand(flags);
    });
}
