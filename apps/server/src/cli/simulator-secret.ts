/**
 * `npm run simulator:secret`: prints this install's simulator secret, the `X-Simulator-Secret` that opens the
 * simulators' controls (`/sim/outages`, the reminder clock...) to a script; the owner's session opens them
 * too (decision 062). Made at the first start with the simulators and kept in the database, so only someone
 * who can open the database (this command, with the server's environment) reads it. On the embedded
 * database, stop the server first (one process per folder), or use the owner's session instead.
 */
import { loadConfig } from "../config";
import { installSecret } from "../db/install-settings";
import { openAndMigrate } from "../db/prepare";
import { loadDotEnv } from "../env-file";
import { SIMULATOR_SECRET_HEADER, SIMULATOR_SECRET_KEY } from "../http/simulator-control";

loadDotEnv();
const config = loadConfig();
if (!config.simulator) {
  console.error("simulator:secret: the simulators are off here (NODE_ENV=production without SIMULATOR=1).");
  process.exit(1);
}
const database = await openAndMigrate(config.database).catch((error: unknown) => {
  console.error(`simulator:secret failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
try {
  console.log(`${SIMULATOR_SECRET_HEADER}: ${await installSecret(database.db, SIMULATOR_SECRET_KEY)}`);
} finally {
  await database.close();
}
