// `tdo view`: the viewer of view/ on the store, until Ctrl-C (exit 130, cli/interrupt.ts).
import { spawn } from 'node:child_process';
import { inputError } from '../../src/index.ts';
import { loadViewServer } from '../../view/index.ts';
import { withStore } from '../context.ts';
import { interruptible } from '../interrupt.ts';
import type { ViewFlags } from '../tables/view.ts';

export async function viewCommand(flags: ViewFlags): Promise<void> {
  await withStore(flags, { mode: 'read', readOnly: true }, async ({ store }) => {
    const { startViewServer } = await loadViewServer();
    const server = await startViewServer(store, flags.port).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') throw inputError(`tdo view: port ${flags.port} on 127.0.0.1 is in use; pass another --port (0 picks a free one)`);
      throw error;
    });
    try {
      process.stdout.write(`tdo view: ${store.path} at ${server.url} (read only; Ctrl-C stops it)\n`);
      if (flags.open) openInBrowser(server.url);
      await interruptible('tdo view: stopping', untilInterrupted, () => 'tdo view stopped');
    } finally {
      await server.close();
    }
  });
}

/** Never resolves: rejects once Ctrl-C or SIGTERM raises the signal, which interruptible turns into exit 130. */
function untilInterrupted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/** The platform's opener; a failure to open is said, never fatal: the URL is printed above. */
function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', (error) => process.stderr.write(`tdo view: could not open a browser (${error.message}); open ${url} yourself\n`));
  child.unref();
}
