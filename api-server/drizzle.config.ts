import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/platform.tables.ts', './src/modules/*/tables/*.tables.ts'],
  out: './src/db/migrations',
});
