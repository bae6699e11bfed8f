import { cookieValue } from "./cookie-header";

/**
 * A cookie saying "this browser was signed in", so the server can render /account for a visitor who is
 * probably signed in and the login screen for one who is not (decision 047), and leave a signed-in
 * shopper's cart to the browser (decision 057). The token itself stays in the browser's storage (spec);
 * this cookie carries no secret and grants nothing: the API still asks for the token, and the browser's
 * session decides once the page runs.
 */
export const SESSION_HINT_COOKIE = "signed_in";

/** Whether a Cookie header (the request's, or `document.cookie`) carries the hint. */
export function hasSessionHint(cookieHeader: string | null | undefined): boolean {
  return cookieValue(cookieHeader, SESSION_HINT_COOKIE) === "1";
}
