import { describe, expect, it } from 'vitest';
import { claimedClientInfo } from '../../../src/gateway/client-info.ts';

const body = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('claimedClientInfo', () => {
  it("reads initialize's clientInfo and the stateless protocol's _meta", () => {
    expect(claimedClientInfo(body({ method: 'initialize', params: { clientInfo: { name: 'a', version: '1' } } }))).toEqual({ name: 'a', version: '1' });
    expect(claimedClientInfo(body({ method: 'tools/call', params: { _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'b' } } } }))).toEqual({
      name: 'b',
    });
  });

  it('has none for a body that claims none or is not JSON, and logs only short strings without C1 controls', () => {
    expect(claimedClientInfo(Buffer.alloc(0))).toBeUndefined();
    expect(claimedClientInfo(Buffer.from('not json'))).toBeUndefined();
    expect(claimedClientInfo(body([{ method: 'tools/call' }]))).toBeUndefined();
    expect(claimedClientInfo(body({ params: { clientInfo: { name: `x\u009b2J${'y'.repeat(500)}`, version: 7 } } }))).toEqual({
      name: `x?2J${'y'.repeat(196)}`,
    });
  });
});
