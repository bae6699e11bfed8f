import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, repoRoot, SETTING_NAMES } from "./config";
import { loadDotEnv } from "./env-file";

const exampleText = readFileSync(join(repoRoot, ".env.example"), "utf8");
const example = parseEnv(exampleText);

describe(".env.example", () => {
  it("lists exactly the settings config.ts reads", () => {
    expect(Object.keys(example).sort()).toEqual([...SETTING_NAMES].sort());
  });

  it("says in a comment line above each setting what it is for", () => {
    const lines = exampleText.split("\n");
    const undocumented = lines.filter((line, i) => /^[A-Z_]+=/.test(line) && !lines[i - 1]?.startsWith("# "));
    expect(undocumented).toEqual([]);
  });

  it("gives the defaults: copied as it is, it configures the store exactly like no settings at all", () => {
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });
});

describe("loadDotEnv", () => {
  const folder = mkdtempSync(join(tmpdir(), "store-env-"));
  const file = join(folder, ".env");
  const names = ["STORE_TEST_FROM_FILE", "STORE_TEST_SET", "STORE_TEST_EMPTY"];
  afterEach(() => names.forEach((name) => delete process.env[name]));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("adds the file's variables without overriding those already set, even empty ones", () => {
    writeFileSync(file, "STORE_TEST_FROM_FILE=file\nSTORE_TEST_SET=file\nSTORE_TEST_EMPTY=file\n");
    process.env.STORE_TEST_SET = "environment";
    process.env.STORE_TEST_EMPTY = "";
    expect(loadDotEnv(file)).toBe(true);
    expect(process.env.STORE_TEST_FROM_FILE).toBe("file");
    expect(process.env.STORE_TEST_SET).toBe("environment");
    expect(process.env.STORE_TEST_EMPTY).toBe("");
  });

  it("does nothing when there is no file", () => {
    expect(loadDotEnv(join(folder, "missing.env"))).toBe(false);
  });
});
