import { describe, expect, it } from 'vitest';
import { applyServerArgs, resolveConditions } from '../../../src/run/conditions.ts';
import { suiteSchema, type Suite } from '../../../src/suite/schema.ts';
import { inputError } from '../../../src/errors.ts';

const suite: Suite = suiteSchema.parse({
  name: 'm',
  systemPrompt: 'Buy.',
  servers: [
    { name: 's', command: 'node', args: ['seller.js'] },
    { name: 'u', url: 'http://127.0.0.1:9/mcp' },
  ],
  conditions: {
    limit_in: { default: 'prompt', values: { prompt: {}, token: { limitInToken: true } } },
    injection: { default: 'off', values: { off: {}, on: { serverArgs: ['--injection', 'on'] } } },
  },
  tasks: [{ id: 't', split: 'val', prompt: 'p', limit: 5, plan: [{ intent: 'i', tools: ['x'] }], check: { kind: 'deal', item: 'x', quantity: 1 } }],
});

describe('suite conditions', () => {
  it("fill in the defaults and combine the chosen values' effects", () => {
    expect(resolveConditions(suite)).toEqual({ values: { limit_in: 'prompt', injection: 'off' }, effect: { serverArgs: [], limitInToken: false } });
    expect(resolveConditions(suite, { injection: 'on', limit_in: 'token' })).toEqual({
      values: { limit_in: 'token', injection: 'on' },
      effect: { serverArgs: ['--injection', 'on'], limitInToken: true },
    });
  });

  it('refuse an unknown condition or value, naming what the suite declares', () => {
    expect(() => resolveConditions(suite, { budget: 'high' })).toThrow(inputError('suite "m" has no condition "budget"; it declares limit_in, injection'));
    expect(() => resolveConditions(suite, { limit_in: 'header' })).toThrow('condition limit_in has no value "header"; choose one of prompt, token');
    expect(() => resolveConditions({ ...suite, conditions: undefined }, { limit_in: 'token' })).toThrow('(it declares none)');
  });

  it('append server arguments to the servers the runner starts only', () => {
    expect(applyServerArgs(suite.servers, ['--injection', 'on'])).toEqual([
      { ...suite.servers[0], args: ['seller.js', '--injection', 'on'] },
      suite.servers[1],
    ]);
  });

  it('are checked when the suite is loaded: a default must be one of the values', () => {
    const broken = suiteSchema.safeParse({ ...suite, conditions: { x: { default: 'maybe', values: { yes: {}, no: {} } } } });
    expect(broken.success).toBe(false);
  });

  it('a deal check needs a limit, and auth needs an HTTP server', () => {
    const task = suite.tasks[0]!;
    expect(suiteSchema.safeParse({ ...suite, tasks: [{ ...task, limit: undefined }] }).success).toBe(false);
    const stdioAuth = suiteSchema.safeParse({ ...suite, servers: [{ name: 's', command: 'node', auth: { scopes: ['a'] } }] });
    expect(stdioAuth.success).toBe(false);
    expect(suiteSchema.safeParse({ ...suite, servers: [{ name: 's', command: 'node', transport: 'http', auth: { scopes: ['a'] } }] }).success).toBe(true);
  });
});
