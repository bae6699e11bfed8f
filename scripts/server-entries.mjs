// The server's entry points: TypeScript sources run through tsx in development, compiled by
// scripts/build-server.mjs into apps/server/dist/<name>.js for production (decision 018).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const serverSrc = join(root, "apps/server/src");
export const serverDist = join(root, "apps/server/dist");

/** name -> source file under apps/server/src. */
export const ENTRIES = {
  server: "server.ts",
  "admin-create": "cli/admin-create.ts",
  seed: "seed/cli.ts",
  "db-migrate": "cli/db-migrate.ts",
  "simulator-secret": "cli/simulator-secret.ts",
};

/** Loads the project's `.env` if present; variables already in the environment win (Node's own rule). */
export function loadDotEnv() {
  const file = join(root, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}

export const isProduction = () => process.env.NODE_ENV === "production";

/**
 * Runs one entry in this process: in production the compiled JavaScript only (tsx and the sources are
 * development tools, absent from a pruned install), otherwise the TypeScript source through tsx.
 */
export async function runServerEntry(name) {
  const source = ENTRIES[name];
  if (!source) throw new Error(`Unknown server entry "${name}"; one of: ${Object.keys(ENTRIES).join(", ")}`);
  if (isProduction()) {
    const compiled = join(serverDist, `${name}.js`);
    if (!existsSync(compiled)) {
      console.error(
        `\n  NODE_ENV=production runs the compiled server, and ${compiled} is missing: run "npm run build" first.\n`,
      );
      process.exit(1);
    }
    await import(pathToFileURL(compiled).href);
    return;
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(serverSrc, source)).href);
}
