import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { DEMO_OPTIONS, type DemoFlags } from '../tables/demo.ts';

export function registerDemo(program: Command): void {
  const command = program
    .command('demo')
    .description("demonstrations measured live; `overconfident`: the market's mega-depot from an honest description, optimized for selection and for success")
    .argument('<name>', 'overconfident');
  addTable(command, DEMO_OPTIONS);
  command.action(async (name: string, flags: DemoFlags, command: Command) => {
    const { demoCommand } = await import('../actions/demo.ts');
    await demoCommand(name, flags, command);
  });
}
