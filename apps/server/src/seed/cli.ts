/** `npm run seed`: loads the demo catalogue into the configured database and renders its images. */
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { countSeededRows, seedDemoData } from "./seed";

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  await seedDemoData(database.db, { mediaDir: config.mediaDir, log: console.log });
  const counts = await countSeededRows(database.db);
  console.log(`seed: done: ${Object.entries(counts).map(([table, n]) => `${table}=${n}`).join(", ")}`);
} finally {
  await database.close();
}
