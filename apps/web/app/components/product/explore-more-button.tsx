import { MESSAGES } from "@store/shared";
import type { ExploreMore } from "./use-explore-more";

/** The "Explore More" button under a grid; gone once every product is shown. */
export function ExploreMoreButton({ state, failedText = MESSAGES.categoryProductsFailed }: { state: ExploreMore; failedText?: string }) {
  return (
    <div className="mt-12 flex flex-col items-center gap-3">
      {state.failed && <p role="alert" className="text-madder">{failedText}</p>}
      {state.hasMore && (
        <button
          type="button"
          onClick={state.loadMore}
          disabled={state.loading}
          aria-busy={state.loading}
          className="rounded-full border-2 border-indigo-ink px-8 py-3 font-medium text-indigo-ink transition hover:bg-indigo-ink hover:text-white disabled:cursor-wait disabled:opacity-60"
        >
          Explore More
        </button>
      )}
    </div>
  );
}
