/**
 * A cookie saying "this browser was signed in", so the server can render /account for a visitor who is
 * probably signed in and the login screen for one who is not (decision 047). The token itself stays in
 * the browser's storage (spec); this cookie carries no secret and grants nothing: the API still asks for
 * the token, and the browser's session decides once the page runs.
 */
export const SESSION_HINT_COOKIE = "signed_in";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether a Cookie header (the request's, or `document.cookie`) carries the hint. */
export function hasSessionHint(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** Sets or clears the hint in the browser, following the stored token. */
export function rememberSessionHint(signedIn: boolean): void {
  if (signedIn === hasSessionHint(document.cookie)) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = signedIn
    ? `${SESSION_HINT_COOKIE}=1; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`
    : `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
