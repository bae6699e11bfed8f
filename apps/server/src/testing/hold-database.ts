/**
 * A real process that opens an embedded database folder and keeps it open, for the tests of the folder
 * lock (db/data-dir-lock.test.ts). Prints "holding" once the database is open; closes on SIGTERM.
 */
import { openAndMigrate } from "../db/prepare";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: hold-database.ts <folder>");
const database = await openAndMigrate({ kind: "pglite", dataDir });
console.log("holding");
const keepAlive = setInterval(() => {}, 60_000);
process.once("SIGTERM", async () => {
  clearInterval(keepAlive);
  await database.close();
  process.exit(0);
});
