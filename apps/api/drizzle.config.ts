import { defineConfig } from 'drizzle-kit';

// Used only to write new migrations from schema.ts: `npx drizzle-kit generate --name <what>`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
