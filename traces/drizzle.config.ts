// drizzle-kit config for the trace store; run from the repository root:
//   npx drizzle-kit generate --config traces/drizzle.config.ts
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './traces/schema.ts',
  out: './traces/migrations',
});
