// The face of src/host for the composition root (cli/), apart from the core's index (src/index.ts) because it loads
// the MCP client, which only the commands that start it should pay for (test/architecture/layering.test.ts).
export { Host } from './host.ts';
export type { EpisodeRoutes } from './host.ts';
