// The face of src/run/queue for the composition root (cli/), apart from the core's index (src/index.ts) because it loads
// BullMQ and Redis, which only the commands that start it should pay for (test/architecture/layering.test.ts).
export { startEpisodeWorker } from './episode-worker.ts';
export { EpisodeQueue } from './episode-queue.ts';
