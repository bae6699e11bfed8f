import type { Db, Tx } from "../../db/client";
import { authTokens } from "./tables";
import { EMAIL_LINK_TTL_MS, expiresIn, hashToken, newToken } from "./tokens";

export type LinkKind = "set_password" | "verify_email";

/**
 * Stores a one-time e-mailed link's hash and answers the full link to the page that uses it. `next` is where
 * the page takes the person once the link is used (a back-office invitation: `/admin`, signed in).
 */
export async function issueLink(
  tx: Db | Tx,
  publicUrl: string,
  userId: number,
  kind: LinkKind,
  next?: "/admin",
): Promise<string> {
  const token = newToken();
  await tx
    .insert(authTokens)
    .values({ userId, tokenHash: hashToken(token), kind, expiresAt: expiresIn(EMAIL_LINK_TTL_MS) });
  const page = kind === "set_password" ? "set-password" : "verify-email";
  const url = new URL(`/${page}`, publicUrl);
  url.searchParams.set("token", token);
  if (next) url.searchParams.set("next", next);
  return url.toString();
}
