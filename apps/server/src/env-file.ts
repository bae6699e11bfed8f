import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./config";

/**
 * Loads the project root's `.env` (if any) into process.env with Node's own parser, before an entry point
 * reads its config. A variable already set in the environment wins, even when empty, so an operator's
 * shell, a container's environment or a test can always override the file. Validation stays in config.ts.
 */
export function loadDotEnv(file = join(repoRoot, ".env")): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
