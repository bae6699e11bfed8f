const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Writes a cookie for the whole site, kept a year, or deletes it (null). The shop's cookies are read by the
 * server's render and by the browser's loaders, so none is HttpOnly, and none carries a secret. Values are
 * plain tokens (a currency, "1", a cart id), written as they are.
 */
export function writeSiteCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie =
    value === null
      ? `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
      : `${name}=${value}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
