/**
 * `npm run admin:create -- --email you@example.in [--password ...] [--reset-password]`
 *
 * Creates an administrator, or promotes an existing account, on the configured database (PGlite by
 * default, PostgreSQL with DATABASE_URL). The password comes from --password, else a hidden prompt when
 * run in a terminal, else (in a script or pipe) a generated one that is printed once. An existing account
 * that already has a password keeps it unless --password or --reset-password is given.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openAndMigrate } from "../db/prepare";
import { loadDotEnv } from "../env-file";
import { accountState } from "../modules/accounts/admins";
import { createAdmin, generatePassword } from "../modules/admin/admin-users";
import { promptPassword } from "./prompt";

const USAGE = "Usage: npm run admin:create -- --email you@example.in [--password <password>] [--reset-password]";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    "reset-password": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});
if (values.help || !values.email) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

loadDotEnv();
const config = loadConfig();
// A locked (server running) or damaged embedded folder is explained, without a stack.
const database = await openAndMigrate(config.database).catch((error: unknown) => {
  console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
try {
  const email = values.email;
  const state = await accountState(database.db, email);
  const needsPassword = values.password !== undefined || values["reset-password"] || !state.hasPassword;
  let password = values.password;
  let generated = false;
  if (needsPassword && password === undefined) {
    if (process.stdin.isTTY) {
      password = await promptPassword(`Password for ${email}: `, "Repeat the password: ");
    } else {
      password = generatePassword();
      generated = true;
    }
  }
  const result = await createAdmin({ db: database.db, email, password });
  const where = config.database.kind === "postgres" ? "PostgreSQL" : "the embedded database";
  console.log(
    result.created
      ? `Created administrator ${result.email} in ${where}.`
      : `${result.email} is now an administrator (${where}).`,
  );
  if (generated) console.log(`Generated password (shown once, keep it safe): ${password}`);
  else if (!result.passwordChanged) console.log("The account keeps its existing password.");
} catch (error) {
  console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
