import { statSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import lockfile from "proper-lockfile";
import { StartupError } from "../errors";

/**
 * A live holder touches its lock every LOCK_UPDATE_MS; one untouched for LOCK_STALE_MS belongs to a
 * process that died (kill -9, power loss) and is taken over, so a crash never leaves the folder locked for good.
 */
export const LOCK_UPDATE_MS = 2_500;
export const LOCK_STALE_MS = 10_000;

export type ReleaseLock = () => Promise<void>;

/**
 * Locks the embedded database folder for this process: PGlite is one process's database, and a second
 * process on the same folder silently loses the first one's writes. The lock is a directory beside the
 * folder (`<folder>.lock`, created atomically by proper-lockfile), released on close and on a normal exit.
 *
 * When the folder is locked we watch the lock: a live holder touches it within LOCK_UPDATE_MS, and we
 * refuse at once; one left by a crashed process stays untouched, goes stale, and is taken over (so a
 * supervisor restarting a crashed server waits a few seconds, and never fails for good).
 */
export async function lockDataDir(dataDir: string): Promise<ReleaseLock> {
  const lockPath = `${dataDir}.lock`;
  const attempt = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_UPDATE_MS,
      // Someone took our lock (we were frozen past the stale time): writing on would lose data, so stop.
      onCompromised: (err) => {
        console.error(
          `\n  Lost the lock on the embedded database ${dataDir} (${err.message}); stopping so that no write is lost.\n`,
        );
        process.exit(1);
      },
    });
  let firstSeen = lockTouchedAt(lockPath);
  const giveUpAt = Date.now() + LOCK_STALE_MS + 2 * LOCK_UPDATE_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (!isLocked(err)) throw err;
    }
    const touched = lockTouchedAt(lockPath);
    firstSeen ??= touched;
    const alive = touched !== null && touched !== firstSeen;
    if (alive || Date.now() > giveUpAt) throw new StartupError(lockedMessage(dataDir, lockPath, touched));
    await sleep(250);
  }
}

const isLocked = (err: unknown) => (err as { code?: string } | null)?.code === "ELOCKED";

/** When the holder last touched its lock (null: no lock there). */
function lockTouchedAt(lockPath: string): number | null {
  try {
    return statSync(lockPath).mtimeMs;
  } catch {
    return null;
  }
}

function lockedMessage(dataDir: string, lockPath: string, touchedAt: number | null): string {
  const seen =
    touchedAt === null ? "" : ` (last sign of life ${Math.max(0, Math.round((Date.now() - touchedAt) / 1000))} s ago)`;
  return [
    `Another process is using the embedded database in ${dataDir}${seen}.`,
    "Two processes on one PGlite folder lose each other's writes, so this one will not start.",
    "Stop the other process (npm start, npm run seed or npm run admin:create on the same DATA_DIR), or give",
    "this one its own DATA_DIR; to run several servers on one database, use PostgreSQL (DATABASE_URL).",
    `A process that crashed releases the lock by itself within ${LOCK_STALE_MS / 1000} s (lock: ${lockPath}).`,
  ].join("\n  ");
}
