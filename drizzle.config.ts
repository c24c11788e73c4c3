import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from `database/schema.ts`; the server applies them at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./database/schema.ts",
  out: "./database/migrations",
});
