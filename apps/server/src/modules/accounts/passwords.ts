import { hash, verify } from "@node-rs/argon2";
import { randomBytes } from "node:crypto";

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's recommended minimum, about
 * 30 ms a hash here. The parameters travel in the PHC string, so raising them later keeps old hashes valid.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without one (unknown e-mail, or no password set yet) it still
 * verifies against a throw-away hash, so the response time does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash(randomBytes(16).toString("hex"));
  const against = storedHash ?? (await dummyHash);
  const matches = await verify(against, password).catch(() => false);
  return storedHash !== null && matches;
}
