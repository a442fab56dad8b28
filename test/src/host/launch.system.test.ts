// An HTTP server the host started must not outlive the host, even one killed with SIGKILL (src/host/launch.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

const LAUNCHER = new URL('./fixtures/launch-then-wait.ts', import.meta.url).pathname;

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'GET' });
    return true;
  } catch {
    return false;
  }
}

describe('launchHttpServer', () => {
  it('starts a server that exits when the process that started it is killed with SIGKILL', { timeout: 90_000 }, async () => {
    const launcher = spawn(process.execPath, ['--import', 'tsx', LAUNCHER], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    launcher.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    while (!out.includes('\n')) await once(launcher.stdout, 'data');
    const url = out.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(await answers(url)).toBe(true);

    launcher.kill('SIGKILL');
    await once(launcher, 'exit');
    // the server learns of it when its stdin closes; give a loaded machine time to deliver that
    let up = true;
    for (let i = 0; i < 100 && up; i++) {
      await sleep(200);
      up = await answers(url);
    }
    expect(up).toBe(false);
  });
});
