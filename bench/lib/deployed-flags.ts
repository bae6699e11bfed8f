import { readFileSync } from "node:fs";

/**
 * The node flags the Dockerfile's CMD starts the store with (its V8 heap settings, decision 048), so the
 * bench measures the server as it is deployed.
 */
export function deployedNodeFlags(): string[] {
  const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
  const cmd = dockerfile.split("\n").find((line) => line.startsWith("CMD "));
  if (!cmd) throw new Error("the Dockerfile has no CMD");
  const [node, ...rest] = JSON.parse(cmd.slice(4)) as string[];
  if (node !== "node") throw new Error(`the Dockerfile's CMD does not start node: ${cmd}`);
  return rest.filter((part) => part.startsWith("--"));
}
