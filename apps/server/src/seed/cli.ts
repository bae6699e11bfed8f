/** `npm run seed`: loads the demo catalogue into the configured database and renders its images. */
import { loadConfig } from "../config";
import { openAndMigrate } from "../db/prepare";
import { loadDotEnv } from "../env-file";
import { createMediaStore } from "../media/store";
import { countSeededRows, seedDemoData } from "./seed";

loadDotEnv();
const config = loadConfig();
// A locked (server running) or damaged embedded folder is explained, without a stack.
const database = await openAndMigrate(config.database).catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const media = createMediaStore(config);
try {
  await seedDemoData(database.db, { media, log: console.log });
  const counts = await countSeededRows(database.db);
  console.log(
    `seed: done: ${Object.entries(counts)
      .map(([table, n]) => `${table}=${n}`)
      .join(", ")}`,
  );
} finally {
  media.close();
  await database.close();
}
