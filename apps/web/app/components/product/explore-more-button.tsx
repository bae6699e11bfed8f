import { MESSAGES } from "@store/shared";
import type { ExploreMore } from "./use-explore-more";
import { Button } from "../ui/button";

/** The "Explore More" button under a grid; gone once every product is shown. */
export function ExploreMoreButton({
  state,
  failedText = MESSAGES.categoryProductsFailed,
}: {
  state: ExploreMore;
  failedText?: string;
}) {
  return (
    <div className="mt-12 flex flex-col items-center gap-3">
      {state.failed && (
        <p role="alert" className="text-madder">
          {failedText}
        </p>
      )}
      {state.hasMore && (
        <Button
          variant="secondary"
          size="lg"
          onClick={state.loadMore}
          disabled={state.loading}
          aria-busy={state.loading}
        >
          Explore More
        </Button>
      )}
    </div>
  );
}
