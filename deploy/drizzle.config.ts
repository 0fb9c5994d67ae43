import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/registry/registry-schema.ts',
  out: './drizzle',
});
