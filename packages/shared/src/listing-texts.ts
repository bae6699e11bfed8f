/*
 * The listings' and search's spec texts, apart from messages.ts: shared by two pages, in a module of their own
 * so they go with the listings' chunk instead of every page's (decision 112).
 */

/** 'Showing 1-N out of M products', N at most 12 (spec: category page). */
export function showingText(shown: number, total: number): string {
  return `Showing 1-${shown} out of ${total} products`;
}

/** 'Search Results for "{query}"' */
export function searchHeading(query: string): string {
  return `Search Results for "${query}"`;
}
