const DEFAULT_AFTER_LOGIN = "/account";

/**
 * Where to go after logging in: only a path on this site. "//evil.example" or "/\\evil.example" would
 * leave it (an open redirect), so anything that is not a plain local path goes to the account page.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return DEFAULT_AFTER_LOGIN;
  return next;
}

/** /login, coming back to `next` afterwards (the login page itself is never a destination). */
export function loginPath(next: string): string {
  return next.startsWith("/login") ? "/login" : `/login?next=${encodeURIComponent(next)}`;
}
