// A stdio peer's lines are held up to the limit and read on past it only to find their end; a peer that never ends
// one (a flood with no newline) is cut off, or the requests it owes would wait for as long as it writes.
import { describe, expect, it } from 'vitest';
import { BoundedLines, EndlessLineError } from '../../../../src/host/bounded/lines.ts';

describe('BoundedLines', () => {
  it('reads a line past the limit on to its end, then goes on with the next line', () => {
    const lines = new BoundedLines(10, 100);
    lines.append(Buffer.from(`{"id":1,"result":"${'x'.repeat(50)}"}\n{"id":2}\n`));
    expect(lines.next()).toMatchObject({ oversize: { id: 1 } });
    expect(lines.next()).toEqual({ line: '{"id":2}' });
  });

  it('cuts off a peer still writing one line past the bound, naming the bound', () => {
    const lines = new BoundedLines(10, 100);
    lines.append(Buffer.from('{"id":1,"result":"'));
    const flood = () => {
      for (let i = 0; i < 20; i++) lines.append(Buffer.from('x'.repeat(10)));
    };
    expect(flood).toThrow(EndlessLineError);
    expect(() => new BoundedLines(10, 100).append(Buffer.alloc(101, 0x78))).toThrow(/more than 100 bytes with no end of line.*cut off as broken/);
  });
});
