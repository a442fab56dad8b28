// The local Langfuse stand-in of the tests, in a process of its own (a real Langfuse is not in the
// process being measured): prints `listening BASE_URL` and serves until its stdin closes.
import { LangfuseReceiver } from '../../test/support/langfuse-receiver.ts';

const receiver = await LangfuseReceiver.start();
process.stdout.write(`listening ${receiver.baseUrl}\n`);
process.stdin.resume();
process.stdin.on('end', () => void receiver.close());
