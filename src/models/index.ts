// The face of src/models for the composition root (cli/), apart from the core's index (src/index.ts) because it loads
// the openai SDK, which only the commands that start it should pay for (test/architecture/layering.test.ts).
export { ChatClient } from './chat-client.ts';
