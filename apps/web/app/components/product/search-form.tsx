import { Form } from "react-router";
import { SearchIcon } from "../ui/icons";
import { Button } from "../ui/button";

/** The search page's own form: a GET to /search?query=, so it works before and without JavaScript. */
export function SearchForm({ query }: { query: string }) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="flex w-full max-w-2xl items-center gap-3 rounded-full border-2 border-charcoal/15 bg-white py-1.5 pl-5 pr-1.5 focus-within:border-indigo-ink"
    >
      <label htmlFor="search-page-input" className="sr-only">
        Search products
      </label>
      <SearchIcon className="h-5 w-5 shrink-0 text-indigo-ink" />
      <input
        // Keyed by the query, so the box shows the current query after back/forward navigation.
        key={query}
        id="search-page-input"
        name="query"
        type="search"
        defaultValue={query}
        required
        maxLength={200}
        placeholder="Kaftans, cushion covers, jute rugs..."
        className="min-w-0 flex-1 bg-transparent py-2 text-lg outline-none"
      />
      <Button type="submit">Search</Button>
    </Form>
  );
}
