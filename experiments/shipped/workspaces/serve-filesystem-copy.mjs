// Starts @modelcontextprotocol/server-filesystem on a fresh copy of a folder (argv[2]), so an agent
// that picks write_file, edit_file or create_directory never changes the shipped files, and every
// server start begins from the same state. The copy is removed when the server exits.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const source = process.argv[2];
if (source === undefined) {
  process.stderr.write('usage: serve-filesystem-copy.mjs FOLDER\n');
  process.exit(2);
}
// A development dependency of tdo: an installed tdo finds it only where the user has installed it too.
let server;
try {
  server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
} catch {
  process.stderr.write(
    'this suite needs @modelcontextprotocol/server-filesystem, a development dependency of tdo: install it beside tdo (`npm i @modelcontextprotocol/server-filesystem` in the project, with -g for a global tdo)\n',
  );
  process.exit(2);
}
const copy = join(mkdtempSync(join(tmpdir(), 'tdo-fs-')), basename(source));
cpSync(source, copy, { recursive: true });
const cleanUp = () => rmSync(join(copy, '..'), { recursive: true, force: true });
process.on('exit', cleanUp);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));

process.argv = [process.argv[0], server, copy];
await import(pathToFileURL(server).href);
