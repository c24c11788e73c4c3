/**
 * The one place that reads the environment. Every setting has a safe local
 * default, and a wrong value stops the server with a message naming it.
 */
import { resolve } from "node:path";
import * as z from "zod/mini";

const configSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(65535)), 3000),
  HOST: z._default(z.string(), "0.0.0.0"),
  BUILD_DIR: z._default(z.string().check(z.minLength(1)), "build"),
});

export type Config = {
  port: number;
  host: string;
  /** The built, pre-rendered web app. */
  clientDir: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return {
    port: parsed.data.PORT,
    host: parsed.data.HOST,
    clientDir: resolve(parsed.data.BUILD_DIR, "client"),
  };
}
