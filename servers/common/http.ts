import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';

export const MCP_PATH = '/mcp';
const HOST = '127.0.0.1';

export interface HttpServerHandle {
  /** e.g. http://127.0.0.1:8000/mcp */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the factory over Streamable HTTP at http://127.0.0.1:PORT/mcp (port 0 picks a free port).
 * Rejects when the port cannot be bound. Requests from non-localhost Host/Origin headers are refused,
 * other paths answer 404.
 */
export async function startHttpServer(factory: McpServerFactory, options: { port: number }): Promise<HttpServerHandle> {
  const mcpHandler = createMcpHandler(factory);
  const handle = toNodeHandler(mcpHandler);
  const hostAllowed = localhostHostValidation();
  const originAllowed = localhostOriginValidation();

  const server = createServer((req, res) => {
    if (!hostAllowed(req, res) || !originAllowed(req, res)) return;
    const path = new URL(req.url ?? '/', `http://${HOST}`).pathname;
    if (path !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found. The MCP endpoint is ${MCP_PATH}.\n`);
      return;
    }
    void handle(req, res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${HOST}:${port}${MCP_PATH}`,
    async close() {
      await mcpHandler.close();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      // Idle keep-alive sockets would otherwise hold close() open.
      server.closeAllConnections();
      await closed;
    },
  };
}
