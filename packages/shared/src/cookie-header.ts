/**
 * The value of the cookie `name` in a Cookie header (the request's, or `document.cookie`), or null when it is
 * absent or empty. The shop's cookie names are plain words and their values plain tokens, never escaped.
 */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  return cookieHeader?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1] || null;
}
