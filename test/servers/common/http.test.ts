import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { startHttpServer, type HttpServerHandle } from '../../../servers/common/http.ts';
import { connectHttp, textOf } from '../mcp-harness.ts';

function echoFactory() {
  const server = new McpServer({ name: 'echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('echo', { description: 'Echo the text.', inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

describe('startHttpServer', () => {
  let handle: HttpServerHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('serves MCP at http://127.0.0.1:PORT/mcp on an ephemeral port', async () => {
    handle = await startHttpServer(echoFactory, { port: 0 });
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client, close } = await connectHttp(handle.url);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
    await close();
  });

  it('answers 404 on other paths', async () => {
    handle = await startHttpServer(echoFactory, { port: 0 });
    const response = await fetch(handle.url.replace(/\/mcp$/, '/other'), { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('/mcp');
  });

  it('refuses requests whose Origin is not localhost', async () => {
    handle = await startHttpServer(echoFactory, { port: 0 });
    const response = await fetch(handle.url, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(403);
  });

  it('answers malformed JSON-RPC with a client error and keeps serving', async () => {
    handle = await startHttpServer(echoFactory, { port: 0 });
    const response = await fetch(handle.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{not json',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const { client, close } = await connectHttp(handle.url);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe('still here');
    await close();
  });

  it('answers a request target no URL parser reads with 404 and keeps serving', async () => {
    handle = await startHttpServer(echoFactory, { port: 0 });
    const port = Number(new URL(handle.url).port);
    const socket = connect(port, '127.0.0.1');
    socket.write(`POST http://[ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    const { client, close } = await connectHttp(handle.url);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe('still here');
    await close();
  });

  it('rejects when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    await expect(startHttpServer(echoFactory, { port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise((resolve) => blocker.close(resolve));
  });

  it('frees the port on close, even with an idle client connection open', async () => {
    handle = await startHttpServer(echoFactory, { port: 0 });
    const { client } = await connectHttp(handle.url);
    await client.listTools();
    const url = handle.url;
    await handle.close();
    handle = undefined;
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
