// The face of src/proxy for the composition root (cli/), apart from the core's index (src/index.ts) because it loads
// the MCP client and server, which only the commands that start it should pay for (test/architecture/layering.test.ts).
export { hostStdioTransport } from './host-stdio.ts';
export { startRecordingProxy } from './proxy.ts';
export { checkServedVersion } from './served-version.ts';
