import { MESSAGES } from "@store/shared";
import { useSearchParams } from "react-router";
import { NotFoundContent } from "../layout/not-found-content";
import { Skeleton } from "../ui/skeleton";
import { OrderDetails } from "./order-details";
import { ReorderButton } from "./reorder-button";
import { useOrder } from "./use-order";

/**
 * `/account/orders/:id` and `/orders/:id?token=`: rendered in the browser, where the token or the link is.
 * `&placed=1` is the confirmation the checkout lands on after paying (decision 076).
 */
export function OrderPage({ id, guest = false }: { id: string; guest?: boolean }) {
  const state = useOrder(id, guest);
  const [params] = useSearchParams();
  if (state.status === "not-found") return <NotFoundContent />;
  return (
    // A screen high from the first paint: the order arrives after it, and the footer stays below the fold
    // instead of being pushed down in view (CLS 0, decision 110).
    <div className="mx-auto min-h-screen max-w-4xl px-4 pb-8 pt-10 sm:pt-16">
      {state.status === "ready" && !guest && <ReorderButton orderId={state.order.id} />}
      {state.status === "ready" && (
        <OrderDetails
          order={state.order}
          linkSecret={guest ? params.get("token") : null}
          placed={params.get("placed") === "1"}
        />
      )}
      {state.status === "error" && (
        <p role="alert" className="rounded-xl bg-madder/10 px-4 py-3 font-medium text-madder">
          {MESSAGES.unexpectedError}
        </p>
      )}
      {state.status === "loading" && (
        <div role="status" aria-busy="true" className="space-y-6">
          <span className="sr-only">Loading your order</span>
          <Skeleton className="h-12 w-64" />
          <Skeleton className="h-64 w-full rounded-3xl" />
          <Skeleton className="h-40 w-full rounded-3xl" />
        </div>
      )}
    </div>
  );
}
