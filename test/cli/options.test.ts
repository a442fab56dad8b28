import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { flagOf, refuseGivenWithResume } from '../../cli/option-table.ts';
import { agentList, agentSpec, searchAgentSpecs, sharedSpec } from '../../cli/options.ts';
import { PROPOSER_KIND_NAMES } from '../../optimizer/proposers/kinds/proposer-kinds.ts';
import { AGENT_KIND_NAMES } from '../../src/agents/kinds/agent-kinds.ts';
import { isTdoError } from '../../src/errors.ts';

describe('shared option helpers', () => {
  it('names an option key by its flag', () => {
    expect(flagOf('maxSteps')).toBe('--max-steps');
    expect(flagOf('seed')).toBe('--seed');
  });

  it('refuses, with --resume, the settings the run stored, given on the command line, and only those', () => {
    const parsed = (args: string[]) =>
      new Command().exitOverride().option('--max-steps <n>').option('--seed <n>', 'seed', '0').option('--concurrency <n>').parse(args, { from: 'user' });
    expect(() => refuseGivenWithResume(parsed(['--seed', '3', '--max-steps', '2']), ['seed', 'maxSteps'])).toThrow(
      "--resume reuses the run's own settings; drop --seed, --max-steps",
    );
    // a default is not given, and an option outside the fixed ones may change
    expect(() => refuseGivenWithResume(parsed(['--concurrency', '4']), ['seed', 'maxSteps'])).not.toThrow();
    const refused = (() => {
      try {
        refuseGivenWithResume(parsed(['--seed', '3']), ['seed']);
      } catch (err) {
        return err;
      }
    })();
    expect(isTdoError(refused, 'input')).toBe(true);
  });
});

describe('--agent and --agents', () => {
  const refusal = (parse: () => unknown) => {
    try {
      parse();
    } catch (err) {
      return String(err);
    }
  };

  it('read every value through the agent kinds, and name every kind in their help and refusals (which are prose, not the list)', () => {
    expect(agentSpec('sim:qwen2-5-7b')).toBe('sim:qwen2-5-7b');
    expect(agentList('sim,llm:m')).toEqual([{ kind: 'sim' }, { kind: 'llm', model: 'm' }]);
    const texts = [sharedSpec.agent().help, refusal(() => agentSpec('gpt')), refusal(() => agentList('sim,gpt'))];
    for (const kind of AGENT_KIND_NAMES) for (const text of texts) expect(text).toContain(kind);
  });

  it('--proposer takes every proposer kind, and its help names each', () => {
    const { proposer } = searchAgentSpecs({ agents: '', objective: '' });
    for (const kind of PROPOSER_KIND_NAMES) {
      expect(proposer.parse?.(kind, 'sim')).toBe(kind);
      expect(proposer.help).toContain(kind);
    }
  });
});
