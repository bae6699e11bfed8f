/**
 * Set by a page route (its `headers` export) whose HTML is the same for every visitor given its URL and
 * the currency the server decided: the server may keep the rendered page (decision 044). Never sent out.
 */
export const PAGE_CACHEABLE_HEADER = "x-page-cacheable";

/** A route's `headers` export for such a page. */
export const CACHEABLE_PAGE_HEADERS: Record<string, string> = { [PAGE_CACHEABLE_HEADER]: "1" };
