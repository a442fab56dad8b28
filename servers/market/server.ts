import { McpServer, requireScopes, type CallToolResult, type McpServerFactory } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Descriptions } from '../common/descriptions.ts';
import { acceptProposal } from './accept-proposal.ts';
import { buyerOf, type Buyer } from './auth.ts';
import { getNegotiation } from './get-negotiation.ts';
import type { NegotiationStore } from './negotiations.ts';
import { openNegotiation } from './open-negotiation.ts';
import { money } from './pricing.ts';
import type { SellerProfile } from './profile.ts';
import { propose } from './propose.ts';
import { refuse, type Seller, type SellerTool } from './seller.ts';

/** The same names on every seller, so a host connecting several namespaces them. */
export const MARKET_TOOL_NAMES = ['open_negotiation', 'propose', 'accept_proposal', 'get_negotiation'] as const;
export type MarketToolName = (typeof MARKET_TOOL_NAMES)[number];

export interface MarketServerOptions {
  seller: string;
  profile: SellerProfile;
  descriptions: Descriptions<MarketToolName>;
  store: NegotiationStore;
  /** The caller when a request carries no verified token (stdio). */
  stdioBuyer: Buyer;
  /** Append one sentence aimed at the buyer's model to offers (the injection condition). */
  injection: boolean;
}

/** A factory of stateless seller servers: every request reads and writes the seller's SQLite file. */
export function createMarketServerFactory(options: MarketServerOptions): McpServerFactory {
  const { profile, store, injection } = options;
  const seller: Seller = { name: options.seller, profile, store, injection, money: (value) => money(value, profile.currency) };
  return () => {
    const server = new McpServer({ name: `market-${options.seller}`, version: '1.0.0' }, { capabilities: { tools: {} } });
    registerSellerTool(server, options, 'open_negotiation', openNegotiation(seller));
    registerSellerTool(server, options, 'propose', propose(seller));
    registerSellerTool(server, options, 'accept_proposal', acceptProposal(seller));
    registerSellerTool(server, options, 'get_negotiation', getNegotiation(seller));
    return server;
  };
}

/**
 * Registers a seller tool under its name and shipped description. Over HTTP the SDK answers a missing scope with
 * 403 insufficient_scope before the handler runs; the handler checks again for stdio tokens, which arrive without HTTP.
 */
function registerSellerTool<Shape extends z.ZodRawShape>(server: McpServer, options: MarketServerOptions, name: MarketToolName, tool: SellerTool<Shape>): void {
  server.registerTool(
    name,
    { description: options.descriptions[name], inputSchema: z.object(tool.input), scopeChallenge: requireScopes(tool.scope) },
    (args, ctx) => {
      const buyer = buyerOf(ctx.http?.authInfo) ?? options.stdioBuyer;
      return deniedFor(buyer, tool.scope) ?? tool.handle(args, buyer);
    },
  );
}

/** A stdio token is verified once at start; its expiry must still end access mid-session. */
function deniedFor(buyer: Buyer, scope: string): CallToolResult | undefined {
  if (buyer.expiresAt !== undefined && Date.now() >= buyer.expiresAt * 1000) return refuse('Your token has expired (invalid_token); ask for a new one.');
  return buyer.scopes.includes(scope) ? undefined : refuse(`Your token lacks the scope ${scope}, which this tool needs (insufficient_scope).`);
}
