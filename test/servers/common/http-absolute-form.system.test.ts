// Issue 34, finding 10: a request line naming the whole URL (absolute-form, RFC 9112 section 3.2.2, as proxies send
// it) was answered 500. Sent over a raw socket, since fetch always writes the origin-form.
import { connect } from 'node:net';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type HttpServerHandle } from '../../../servers/common/http.ts';

function emptyFactory() {
  return new McpServer({ name: 'plain', version: '1.0.0' }, { capabilities: { tools: {} } });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** Sends one request with `target` on its request line and reads the whole answer (the connection is closed after it). */
function rawRequest(port: number, target: string, host = `127.0.0.1:${port}`): Promise<{ status: number; text: string }> {
  const request = [
    `POST ${target} HTTP/1.1`,
    `Host: ${host}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${Buffer.byteLength(INITIALIZE)}`,
    'Connection: close',
    '',
    INITIALIZE,
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), text }));
  });
}

describe('a request line in absolute-form', () => {
  let handle: HttpServerHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('is answered as the same request in origin-form', async () => {
    handle = await startHttpServer(emptyFactory, { port: 0 });
    const port = Number(new URL(handle.url).port);
    const origin = await rawRequest(port, '/mcp');
    const absolute = await rawRequest(port, handle.url);
    expect(origin.status).toBe(200);
    expect(absolute.status).toBe(origin.status);
    expect(absolute.text).toContain('"serverInfo"');
    // the target's host is the request's host: one that is not localhost is refused as a Host header would be
    expect((await rawRequest(port, `http://evil.example:${port}/mcp`)).status).toBe(403);
    expect((await rawRequest(port, `http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
