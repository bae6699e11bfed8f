// The modules themselves, not the package index: only what the shell needs, no schemas.
import { hasSessionHint, SESSION_HINT_COOKIE } from "@store/shared/session-hint";
import { writeSiteCookie } from "./site-cookie";

/** Sets or clears the session hint in the browser (the server reads it), following the stored token. */
export function rememberSessionHint(signedIn: boolean): void {
  if (signedIn !== hasSessionHint(document.cookie)) writeSiteCookie(SESSION_HINT_COOKIE, signedIn ? "1" : null);
}
