/**
 * The seller's back office (every /admin path, and /add_items, the seller's form) is not a shop page: it gets
 * no shop header, footer or chat button, and the admin shell brings its own frame and <main>
 * (decision 021-admin-shell).
 */
export function isBackOffice(pathname: string): boolean {
  return pathname.startsWith("/admin") || pathname === "/add_items" || pathname === "/add_items/";
}
