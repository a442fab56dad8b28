import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  bearerAuthChallengeResponse,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  verifyBearerToken,
  type AuthInfo,
  type McpServerFactory,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';

export const MCP_PATH = '/mcp';
const HOST = '127.0.0.1';

/** Bearer-token protection (ARCHITECTURE.md section 4): the server is an OAuth resource server. */
export interface HttpAuth {
  /** Built once the URL is known, since the URL is the audience a token must name. */
  verifier(resourceUrl: string): OAuthTokenVerifier;
  scopesSupported: string[];
  /** Authorization servers to advertise; empty when tokens are minted out of band (the tdo runner). */
  authorizationServers?: string[];
}

const METADATA_PREFIX = '/.well-known/oauth-protected-resource';

export interface HttpServerHandle {
  /** e.g. http://127.0.0.1:8000/mcp */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the factory over Streamable HTTP at http://127.0.0.1:PORT/mcp (port 0 picks a free port).
 * Rejects when the port cannot be bound. Requests from non-localhost Host/Origin headers are refused,
 * other paths answer 404. With `auth`, every MCP request needs a valid bearer token for this URL
 * (401 with a WWW-Authenticate challenge naming the protected-resource metadata otherwise), the
 * metadata is served under /.well-known/oauth-protected-resource, and the verified token reaches the
 * factory and tool handlers as authInfo (per-tool scope challenges answer 403 insufficient_scope).
 */
export async function startHttpServer(factory: McpServerFactory, options: { port: number; auth?: HttpAuth }): Promise<HttpServerHandle> {
  const mcpHandler = createMcpHandler(factory);
  const handle = toNodeHandler(mcpHandler);
  const hostAllowed = localhostHostValidation();
  const originAllowed = localhostOriginValidation();

  let guard: ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | undefined;
  let metadata: string | undefined;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    toOriginForm(req);
    if (!hostAllowed(req, res) || !originAllowed(req, res)) return;
    const path = pathOf(req.url);
    if (metadata !== undefined && (path === METADATA_PREFIX || path === `${METADATA_PREFIX}${MCP_PATH}`)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(metadata);
      return;
    }
    if (path !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found. The MCP endpoint is ${MCP_PATH}.\n`);
      return;
    }
    if (guard === undefined || (await guard(req, res))) await handle(req, res);
  }

  // whatever one request throws ends that request (500, or its connection cut), never the server
  const server = createServer((req, res) =>
    serve(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal server error.\n');
    }),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${HOST}:${port}${MCP_PATH}`;
  if (options.auth !== undefined) {
    const auth = options.auth;
    const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(new URL(url));
    metadata = JSON.stringify({
      resource: url,
      authorization_servers: auth.authorizationServers ?? [],
      scopes_supported: auth.scopesSupported,
      bearer_methods_supported: ['header'],
    });
    const verifyOptions = { verifier: auth.verifier(url), resourceMetadataUrl, expectedResource: new URL(url) };
    guard = async (req, res) => {
      try {
        (req as IncomingMessage & { auth?: AuthInfo }).auth = await verifyBearerToken(req.headers.authorization, verifyOptions);
        return true;
      } catch (error) {
        await writeResponse(res, bearerAuthChallengeResponse(error, { resourceMetadataUrl }));
        return false;
      }
    };
  }

  return {
    url,
    async close() {
      await mcpHandler.close();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      // Idle keep-alive sockets would otherwise hold close() open.
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * A request line may name the whole URL (`POST http://127.0.0.1:PORT/mcp HTTP/1.1`, the absolute-form of RFC 9112
 * section 3.2.2, which proxies send). The SDK's node handler makes the request's URL of the Host header and req.url
 * joined, which for that form is no URL (it answered 500), so the request is handed on in origin-form, with the
 * target's host as its Host, as the RFC has a server read it (and as the localhost check then reads it).
 */
function toOriginForm(req: IncomingMessage): void {
  if (req.url === undefined || !URL.canParse(req.url)) return;
  const target = new URL(req.url);
  req.url = `${target.pathname}${target.search}`;
  req.headers.host = target.host;
}

/** The request's path; a target no URL parser reads is no endpoint's (404). */
function pathOf(target: string | undefined): string | undefined {
  return URL.canParse(target ?? '/', `http://${HOST}`) ? new URL(target ?? '/', `http://${HOST}`).pathname : undefined;
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  res.end(await response.text());
}
