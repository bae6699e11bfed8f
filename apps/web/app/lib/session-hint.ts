import { writeSiteCookie } from "./site-cookie";

/**
 * A cookie saying "this browser was signed in", so the server can render /account for a visitor who is
 * probably signed in and the login screen for one who is not (decision 047). The token itself stays in
 * the browser's storage (spec); this cookie carries no secret and grants nothing: the API still asks for
 * the token, and the browser's session decides once the page runs.
 */
export const SESSION_HINT_COOKIE = "signed_in";

/** Whether a Cookie header (the request's, or `document.cookie`) carries the hint. */
export function hasSessionHint(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** Sets or clears the hint in the browser, following the stored token. */
export function rememberSessionHint(signedIn: boolean): void {
  if (signedIn !== hasSessionHint(document.cookie)) writeSiteCookie(SESSION_HINT_COOKIE, signedIn ? "1" : null);
}
