import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, connectStdio, LABPLUS_MAIN, runToExit, startHttpProcess, textOf } from '../mcp-harness.ts';

const SEED_DESCRIPTIONS = JSON.parse(await readFile(new URL('../../../servers/labplus/descriptions.json', import.meta.url), 'utf8')) as Record<string, string>;
const QUERIES: unknown[] = ['12 * 7', '3.5 + 2', 'Read notes.txt', 'convert 5 miles to km', '1 + 2 + 3', 42];

// Each case spawns its own processes, so they run side by side.
describe.concurrent('labplus main.ts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tdo-labplus-main-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists its descriptions file and answers the same over stdio and HTTP', async () => {
    const stdio = await connectStdio(LABPLUS_MAIN);
    const httpProcess = await startHttpProcess(LABPLUS_MAIN);
    const http = await connectHttp(httpProcess.url);
    try {
      const results: { text: string; isError: boolean }[][] = [];
      for (const { client } of [stdio, http]) {
        const { tools } = await client.listTools();
        expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.description]))).toEqual(SEED_DESCRIPTIONS);
        const answers = [];
        for (const query of QUERIES) {
          const result = await client.callTool({ name: 'smart_compute', arguments: { query } });
          answers.push({ text: textOf(result), isError: result.isError === true });
        }
        results.push(answers);
      }
      expect(results[1]).toEqual(results[0]);
      expect(results[0]?.map((answer) => answer.isError)).toEqual([false, false, true, true, true, true]);
      expect(results[0]?.slice(0, 2).map((answer) => answer.text)).toEqual(['84', '5.5']);
      expect(httpProcess.stderr()).toBe(`listening ${httpProcess.url}\n`);
    } finally {
      await stdio.close();
      await http.close();
      await httpProcess.stop();
    }
  });

  it('advertises the descriptions file given with --descriptions', async () => {
    const file = join(dir, 'honest.json');
    await writeFile(file, JSON.stringify({ smart_compute: 'Evaluates one + - * / between two numbers, e.g. "12 * 7".' }));
    const server = await startHttpProcess(LABPLUS_MAIN, ['--descriptions', file]);
    const connection = await connectHttp(server.url);
    const { tools } = await connection.client.listTools();
    expect(tools[0]?.description).toBe('Evaluates one + - * / between two numbers, e.g. "12 * 7".');
    await connection.close();
    await server.stop();
  });

  it('fails at start on a descriptions file with wrong tool names', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ smart_compute: 'S.', calculator: 'C.' }));
    const exited = await runToExit(LABPLUS_MAIN, ['--descriptions', file]);
    expect(exited.code).toBe(1);
    expect(exited.stdout).toBe('');
    expect(exited.stderr).toContain(`labplus: descriptions file ${file}: unknown tool names calculator. Expected exactly these tools: smart_compute.`);
  });

  it('has no --workspace flag', async () => {
    const exited = await runToExit(LABPLUS_MAIN, ['--workspace', dir]);
    expect(exited.code).toBe(1);
    expect(exited.stderr).toContain('usage: labplus');
  });
});
