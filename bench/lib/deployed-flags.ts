import { readFileSync } from "node:fs";

const dockerfile = () => readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8").split("\n");

/**
 * The node flags the Dockerfile's CMD starts the store with (its V8 heap settings, decision 048), so the
 * bench measures the server as it is deployed.
 */
export function deployedNodeFlags(): string[] {
  const cmd = dockerfile().find((line) => line.startsWith("CMD "));
  if (!cmd) throw new Error("the Dockerfile has no CMD");
  const [node, ...rest] = JSON.parse(cmd.slice(4)) as string[];
  if (node !== "node") throw new Error(`the Dockerfile's CMD does not start node: ${cmd}`);
  return rest.filter((part) => part.startsWith("--"));
}

/** The runtime stage's settings of glibc's malloc (its `ENV MALLOC_...` pairs, decision 056). */
export function deployedMallocEnv(): Record<string, string> {
  const lines = dockerfile();
  const runtime = lines.slice(lines.findLastIndex((line) => line.startsWith("FROM ")));
  const pairs = runtime.filter((line) => line.startsWith("ENV ")).flatMap((line) => line.slice(4).trim().split(/\s+/));
  return Object.fromEntries(
    pairs.filter((pair) => pair.startsWith("MALLOC_")).map((pair) => [pair.split("=")[0]!, pair.split("=")[1]!]),
  );
}
