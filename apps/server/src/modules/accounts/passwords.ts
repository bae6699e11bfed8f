import { randomBytes } from "node:crypto";
import { loadOnce } from "../../lib/load-once";

/** The native argon2 binding loads with the first sign-up or log-in, not with every replica. */
const argon2 = loadOnce(() => import("@node-rs/argon2"));

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's recommended minimum, slow enough
 * to hurt a guesser and quick enough for a log-in. The parameters travel in the PHC string, so raising them
 * later keeps old hashes valid.
 */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without one (unknown e-mail, or no password set yet) it still
 * verifies against a throw-away hash, so the response time does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const { hash, verify } = await argon2();
  dummyHash ??= hash(randomBytes(16).toString("hex"));
  const against = storedHash ?? (await dummyHash);
  const matches = await verify(against, password).catch(() => false);
  return storedHash !== null && matches;
}
