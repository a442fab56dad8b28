// What the pages show the same way: durations in words, a rate with its interval or '–' when nothing was judged, and
// an agent marked as a simulation only when it is one.
import { describe, expect, it } from 'vitest';
import { agentCell, duration, successCell } from '../../view/cells.ts';

describe('view cells', () => {
  it('words a duration, and one still running up to now', () => {
    const from = '2026-12-06T10:00:00.000Z';
    expect(duration(from, '2026-12-06T10:00:00.250Z')).toBe('250 ms');
    expect(duration(from, '2026-12-06T10:00:12.340Z')).toBe('12.3 s');
    expect(duration(from, '2026-12-06T10:03:05.000Z')).toBe('3 min 5 s');
    expect(duration(from, '2026-12-06T12:30:00.000Z')).toBe('2 h 30 min');
    expect(duration(from, null, Date.parse('2026-12-06T10:00:02.000Z'))).toBe('2.0 s');
    expect(duration(from, 'not a time')).toBe('–');
  });

  it('gives a rate with its 95% interval, and – when no episode was judged', () => {
    expect(String(successCell(1, 2))).toBe('50.0% [9.5%, 90.5%] <span class="of">of 2</span>');
    expect(String(successCell(0, 0))).toBe('– <span class="of">of 0</span>');
  });

  it('marks a sim agent as a simulation and an LLM as none', () => {
    expect(String(agentCell('sim:gpt-4o'))).toContain('simulation');
    expect(String(agentCell('llm:gpt-4o'))).toBe('llm:gpt-4o');
  });
});
