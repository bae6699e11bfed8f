// `npm run seed | admin:create | db:migrate`: `node scripts/server-command.mjs <entry> [args...]`.
import { loadDotEnv, runServerEntry } from "./server-entries.mjs";

const [name] = process.argv.splice(2, 1); // the entry parses the remaining arguments as its own
loadDotEnv();
await runServerEntry(name);
