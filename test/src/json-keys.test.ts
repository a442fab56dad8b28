import { describe, expect, it } from 'vitest';
import { snakeCase, snakeCaseKeys, toJsonText } from '../../src/json-keys.ts';

describe('snakeCaseKeys', () => {
  it('turns every field name into snake_case, in arrays and nested objects', () => {
    expect(snakeCase('firstChoiceShare')).toBe('first_choice_share');
    expect(snakeCase('p95LatencyMs')).toBe('p95_latency_ms');
    expect(snakeCase('run_id')).toBe('run_id');
    expect(snakeCaseKeys({ runId: 'r-1', results: [{ versionId: 'v', errorCauses: [{ cause: 'x', episodes: 1 }] }] })).toEqual({
      run_id: 'r-1',
      results: [{ version_id: 'v', error_causes: [{ cause: 'x', episodes: 1 }] }],
    });
  });

  it('keeps names that are data (tools, tasks, servers) and recorded calls as they are', () => {
    const converted = snakeCaseKeys({
      descriptions: { getWeather: 'Weather for a city.' },
      perTask: { sumNotes: { successRate: 1 } },
      arguments: { fromUnit: 'cm' },
      output: { chosen: 'getWeather', scorePart: 1 },
      callsByTool: { getWeather: 2 },
      firstChoicesByServer: { megaDepot: 3 },
    });
    expect(converted).toEqual({
      descriptions: { getWeather: 'Weather for a city.' },
      per_task: { sumNotes: { success_rate: 1 } },
      arguments: { fromUnit: 'cm' },
      output: { chosen: 'getWeather', scorePart: 1 },
      calls_by_tool: { getWeather: 2 },
      first_choices_by_server: { megaDepot: 3 },
    });
  });

  it('converts a block named after a target like any other (selection and success searches in the demo)', () => {
    expect(snakeCaseKeys({ optimizeRuns: { selection: { budgetUsed: 3 }, success: { budgetUsed: 4 } } })).toEqual({
      optimize_runs: { selection: { budget_used: 3 }, success: { budget_used: 4 } },
    });
  });

  it('writes dates as JSON.stringify does', () => {
    expect(toJsonText({ createdAt: new Date('2026-11-30T00:00:00Z') })).toBe('{"created_at":"2026-11-30T00:00:00.000Z"}\n');
  });
});
