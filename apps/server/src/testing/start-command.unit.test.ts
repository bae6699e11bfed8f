import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../config";

const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");

describe("the store's start command", () => {
  it("`npm start` and the Dockerfile's CMD give node the same heap flags (decision 048)", () => {
    const cmd = read("Dockerfile")
      .split("\n")
      .find((line) => line.startsWith("CMD "));
    const dockerFlags = (JSON.parse(cmd!.slice(4)) as string[]).filter((part) => part.startsWith("--"));
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    const npmFlags = start.split(" ").filter((part) => part.startsWith("--"));
    expect(dockerFlags.length).toBeGreaterThan(0);
    expect(npmFlags).toEqual(dockerFlags);
  });
});
