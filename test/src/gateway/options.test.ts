import { describe, expect, it } from 'vitest';
import { isTdoError } from '../../../src/errors.ts';
import { parseGatewayOptions, splitPair } from '../../../src/gateway/options.ts';

const valid = {
  routes: [{ path: '/a', upstream: 'http://127.0.0.1:8100/mcp' }],
  port: 0,
  rate: 10,
  concurrency: 4,
  queue: 20,
  pace: 50,
  upstreamQueue: 500,
  methodRates: {},
};

function refusal(input: unknown): string {
  try {
    parseGatewayOptions(input);
  } catch (error) {
    expect(isTdoError(error, 'input')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('gateway options', () => {
  it('accepts the defaults the CLI gives', () => {
    expect(parseGatewayOptions(valid).routes[0]!.path).toBe('/a');
  });

  it('names the flag to fix', () => {
    expect(refusal({ ...valid, routes: [] })).toContain('--route PATH=URL');
    expect(refusal({ ...valid, rate: 0 })).toContain('--rate must be at least 1');
    expect(refusal({ ...valid, concurrency: Number.NaN })).toContain('--concurrency must be a whole number');
    expect(refusal({ ...valid, port: 70000 })).toContain('--port must be at most 65535');
    expect(refusal({ ...valid, redis: 'http://127.0.0.1:6379' })).toContain('--redis must be a redis://');
    expect(refusal({ ...valid, routes: [{ path: 'a', upstream: 'http://x/mcp' }] })).toContain('starts with /');
    expect(refusal({ ...valid, routes: [{ path: '/a', upstream: 'ftp://x/mcp' }] })).toContain('http(s) URL');
    expect(refusal({ ...valid, routes: [valid.routes[0], valid.routes[0]] })).toContain('its own path');
    expect(refusal({ ...valid, methodRates: { 'tools call': 1 } })).toContain('METHOD or METHOD:NAME');
  });

  it('splits KEY=VALUE at the first =, and refuses a pair without one side', () => {
    expect(splitPair('--route', '/a=http://h/mcp?x=1')).toEqual(['/a', 'http://h/mcp?x=1']);
    expect(() => splitPair('--route', '/a')).toThrow('--route takes KEY=VALUE, got "/a"');
    expect(() => splitPair('--method-rate', 'tools/call=')).toThrow('--method-rate takes KEY=VALUE');
  });
});
