import { lazy, Suspense, useEffect, useRef } from "react";
import { Form } from "react-router";
import { CloseIcon, SearchIcon } from "../ui/icons";
import { Button } from "../ui/button";

/** Suggestions while typing (issue 40, point 5): their code loads when the overlay opens, not with every page. */
const SearchSuggestions = lazy(() => import("./search-suggestions"));

/** The navigation's search: a modal overlay whose form submits to /search?query=. */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label="Search the shop"
      onClose={onClose}
      // Escape closes the suggestions first (they prevent it), then the overlay. Closed here, not left to the
      // browser: Chromium does not cancel a dialog on an Escape that follows a prevented one.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        event.preventDefault();
        dialog.current?.close();
      }}
      className="mx-auto mt-24 w-[min(40rem,92vw)] rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-charcoal/60"
    >
      <Form action="/search" method="get" role="search" className="flex items-center gap-3">
        <label htmlFor="search-overlay-input" className="sr-only">
          Search products
        </label>
        <SearchIcon className="h-6 w-6 text-indigo-ink" />
        <input
          ref={input}
          id="search-overlay-input"
          autoComplete="off"
          name="query"
          type="search"
          required
          autoFocus
          placeholder="Search block prints, kaftans, cushion covers..."
          className="min-w-0 flex-1 border-b-2 border-linen py-2 text-lg outline-none focus:border-indigo-ink"
        />
        <Button type="submit">Search</Button>
        <button type="button" onClick={() => dialog.current?.close()} aria-label="Close search" className="rounded p-1">
          <CloseIcon />
        </button>
      </Form>
      <Suspense fallback={null}>
        <SearchSuggestions input={input} onChosen={() => dialog.current?.close()} />
      </Suspense>
    </dialog>
  );
}
