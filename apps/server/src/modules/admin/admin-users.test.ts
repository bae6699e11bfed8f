import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, type AppConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { seedIfEmpty } from "../../seed/first-start";
import { DEMO_ADMIN_EMAIL } from "../../seed/demo-admin";
import { createTestApp, testConfig } from "../../testing/test-app";
import { newShopper, postAuth, tokenHeader, uniqueEmail } from "../accounts/test-support";
import { verifyPassword } from "../accounts/passwords";
import { users } from "../accounts/tables";
import { createAdmin } from "./admin-users";
import { auditLog } from "./tables";

let app: FastifyInstance;
beforeAll(async () => {
  // Seeded, so seedIfEmpty below finds a catalogue and only deals with the demo administrator.
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;
const login = (email: string, password: string) => postAuth(app, "/api/login/", { email, password });
const dashboard = (token: string) => app.inject({ url: "/api/admin/dashboard", headers: tokenHeader(token) });

describe("createAdmin (what `npm run admin:create` runs)", () => {
  it("creates an administrator who can log in and open the back office; audited with no actor", async () => {
    const email = uniqueEmail("owner");
    const result = await createAdmin({ db: db(), email, password: "a strong passphrase" });
    expect(result).toMatchObject({ email, created: true, passwordChanged: true });
    const res = await login(email, "a strong passphrase");
    expect(res.json().user.role).toBe("admin");
    expect((await dashboard(res.json().token)).statusCode).toBe(200);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(result.userId)));
    expect(audit).toMatchObject({ actorUserId: null, action: "create_admin", entity: "user" });
  });

  it("promotes an existing shopper, keeping the password unless a new one is given; e-mail case does not matter", async () => {
    const shopper = await newShopper(app);
    expect((await dashboard(shopper.token)).statusCode).toBe(403);
    const promoted = await createAdmin({ db: db(), email: shopper.email.toUpperCase() });
    expect(promoted).toMatchObject({ created: false, passwordChanged: false });
    // Roles are read per request, so the shopper's open session is an admin's now.
    expect((await dashboard(shopper.token)).statusCode).toBe(200);
    await createAdmin({ db: db(), email: shopper.email, password: "brand new password" });
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(401);
    expect((await login(shopper.email, "brand new password")).statusCode).toBe(200);
  });

  it("refuses a bad e-mail, a short password, and a new account without a password", async () => {
    await expect(createAdmin({ db: db(), email: "not-an-email", password: "long enough pw" })).rejects.toThrow(
      /valid e-mail/,
    );
    await expect(createAdmin({ db: db(), email: uniqueEmail(), password: "short" })).rejects.toThrow(/at least 8/);
    await expect(createAdmin({ db: db(), email: uniqueEmail() })).rejects.toThrow(/needs a password/);
  });
});

describe("the admin:create command", () => {
  it("creates an admin on the embedded database and, without a terminal, prints a generated password", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "admin-cli-"));
    try {
      const email = "owner@jaipurkalahouse.in";
      const { stdout } = await promisify(execFile)(
        "npx",
        ["tsx", "apps/server/src/cli/admin-create.ts", "--email", email],
        {
          cwd: repoRoot,
          // DATABASE_URL empty: always the embedded database, in a throw-away folder, whichever ring this is.
          env: { ...process.env, DATABASE_URL: "", DATA_DIR: relative(repoRoot, dataDir) },
          timeout: 60_000,
        },
      );
      expect(stdout).toContain(`Created administrator ${email} in the embedded database.`);
      const password = /Generated password \(shown once, keep it safe\): (\S+)/.exec(stdout)?.[1] ?? "";
      expect(password).toHaveLength(24);
      const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
      try {
        const [user] = await database.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`);
        expect(user?.role).toBe("admin");
        expect(await verifyPassword(user?.passwordHash ?? null, password)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("the demo administrator", () => {
  const removeDemoAdmin = () => db().delete(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  const demoAdmins = () => db().select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  /** Runs the first start with a config, answering what it printed. */
  async function firstStart(config: Partial<AppConfig>): Promise<string> {
    const printed: string[] = [];
    await seedIfEmpty(db(), testConfig({ seedDemo: true, ...config }), (line) => printed.push(line));
    return printed.join("\n");
  }

  it("is created on the embedded database only, never in production, with its own password printed once", async () => {
    await removeDemoAdmin();
    await firstStart({ database: { kind: "postgres", url: "postgres://unused" } });
    await firstStart({ database: { kind: "pglite" }, env: "production" });
    expect(await demoAdmins()).toEqual([]);

    const printed = await firstStart({ database: { kind: "pglite" } });
    const password = new RegExp(`${DEMO_ADMIN_EMAIL} / (\\S+)`).exec(printed)?.[1] ?? "";
    expect(password).toHaveLength(24);
    expect(await firstStart({ database: { kind: "pglite" } })).not.toContain(password);
    expect(await demoAdmins()).toHaveLength(1);
    expect((await login(DEMO_ADMIN_EMAIL, password)).json().user.role).toBe("admin");
    expect((await login(DEMO_ADMIN_EMAIL, "demo-admin-2026")).statusCode).toBe(401);
    // Another install gets another password.
    await removeDemoAdmin();
    expect(await firstStart({ database: { kind: "pglite" } })).not.toContain(password);
  }, 60_000);

  it("takes DEMO_ADMIN_PASSWORD when given (the e2e ring) and does not print it", async () => {
    await removeDemoAdmin();
    const printed = await firstStart({ database: { kind: "pglite" }, demoAdminPassword: "e2e run password" });
    expect(printed).toContain("DEMO_ADMIN_PASSWORD");
    expect(printed).not.toContain("e2e run password");
    expect((await login(DEMO_ADMIN_EMAIL, "e2e run password")).statusCode).toBe(200);
  });

  it("replaces the once-published password of an existing demo administrator, in production without showing it", async () => {
    await removeDemoAdmin();
    await createAdmin({ db: db(), email: DEMO_ADMIN_EMAIL, password: "demo-admin-2026" });
    const printed = await firstStart({
      database: { kind: "postgres", url: "postgres://unused" },
      env: "production",
      seedDemo: false,
    });
    expect(printed).toContain("--reset-password");
    expect((await login(DEMO_ADMIN_EMAIL, "demo-admin-2026")).statusCode).toBe(401);
    expect(await demoAdmins()).toHaveLength(1);
  });
});
