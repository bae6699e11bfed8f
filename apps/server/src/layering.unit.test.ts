import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layering rule of `npm run lint` (.dependency-cruiser.cjs), proven on deliberate violations: a small
 * tree laid out like apps/server/src, cruised with the project's own configuration.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const cli = join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const config = join(root, ".dependency-cruiser.cjs");

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

async function violations(cwd: string): Promise<Violation[]> {
  // Exit code 1 means "violations found"; the JSON on stdout says which.
  const run = await promisify(execFile)(
    process.execPath,
    [cli, "apps/server/src", "--config", config, "--output-type", "json"],
    { cwd, maxBuffer: 64 << 20 },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const made: string[] = [];
async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "layering-"));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir, "apps/server/src", path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return dir;
}
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

const uses = (path: string) => `import { x } from "${path}";\nexport const y = x;\n`;
const leaf = "export const x = 1;\n";
const summary = (found: Violation[]) =>
  found.map(
    (v) => `${v.rule.name}: ${v.from.replace("apps/server/src/", "")} -> ${v.to.replace("apps/server/src/", "")}`,
  );

// Each cruise starts a Node process and reads the TypeScript compiler: seconds on a busy machine.
describe("the layering rule", { timeout: 120_000 }, () => {
  it("fails an import that runs back up, one across sibling domains, and the back office reading a table", async () => {
    const dir = await tree({
      "modules/catalog/inventory.ts": uses("../checkout/service"),
      "modules/checkout/service.ts": leaf,
      "modules/cart/service.ts": uses("../promo/rules"),
      "modules/promo/rules.ts": leaf,
      "db/client.ts": uses("../modules/orders/tables"),
      "modules/orders/tables.ts": leaf,
      "modules/admin/dashboard.ts": uses("../catalog/tables"),
      "modules/catalog/tables.ts": leaf,
    });
    expect(summary(await violations(dir)).sort()).toEqual([
      "admin-uses-services-not-tables: modules/admin/dashboard.ts -> modules/catalog/tables.ts",
      "no-sibling-import-from-cart: modules/cart/service.ts -> modules/promo/rules.ts",
      "no-upward-from-catalogue-geo-accounts-settings: modules/catalog/inventory.ts -> modules/checkout/service.ts",
      "no-upward-from-infrastructure: db/client.ts -> modules/orders/tables.ts",
    ]);
  });

  it("lets imports point down, and tests reach anything", async () => {
    const dir = await tree({
      "modules/checkout/service.ts": uses("../orders/holds"),
      "modules/orders/holds.ts": uses("../catalog/inventory"),
      "modules/catalog/inventory.ts": uses("../../db/client"),
      "db/client.ts": leaf,
      "modules/catalog/catalog.test.ts": uses("../checkout/service"),
    });
    expect(summary(await violations(dir))).toEqual([]);
  });

  it("finds no violation in the server as it is", async () => {
    expect(summary(await violations(root))).toEqual([]);
  });
});
