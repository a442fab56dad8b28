// The face of src/gateway for the composition root (cli/), apart from the core's index (src/index.ts) because it
// loads the MCP HTTP transport and the rate limiter, which only `tdo gateway` should pay for
// (test/architecture/layering.test.ts).
export { startGateway, type GatewayLogEntry } from './gateway.ts';
export { openLimiters } from './limiters.ts';
