import type { OrderDetail } from "@store/shared";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { api, isApiError } from "../../lib/api";
import { useSession } from "../../lib/session";
import { loginPath } from "../account/safe-next";

export type OrderState =
  { status: "loading" } | { status: "ready"; order: OrderDetail } | { status: "not-found" } | { status: "error" };

/**
 * One order (GET /api/orders/:id). On `/account/orders/:id` it is the signed-in shopper's: the token lives in
 * the browser, so a guest (or a refused token) is sent to log in and brought back here; someone else's order
 * is not found. `guest`: `/orders/:id?token=`, opened with the secret of its e-mailed link, signed in or not.
 */
export function useOrder(id: string, guest = false): OrderState {
  const { ready, token, expire } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const linkSecret = guest ? params.get("token") : null;
  const valid = /^[1-9]\d{0,15}$/.test(id) && (!guest || Boolean(linkSecret));
  const [state, setState] = useState<OrderState>({ status: "loading" });

  useEffect(() => {
    if (!valid || (!linkSecret && !ready)) return;
    if (!linkSecret && !token) {
      void navigate(loginPath(pathname), { replace: true });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    // The link's secret goes alone: a stale session beside it must not turn the page into a log-in.
    const query = linkSecret ? { token: linkSecret } : undefined;
    api.get<{ data: OrderDetail }>(`/api/orders/${id}`, query, { signal: controller.signal, auth: !linkSecret }).then(
      (answer) => setState({ status: "ready", order: answer.data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error, 404) || isApiError(error, 400)) setState({ status: "not-found" });
        // The session ends; with no token left, the effect runs again and goes to log in.
        else if (!linkSecret && isApiError(error, 401)) expire(error.message);
        else {
          console.error("Order failed", error);
          setState({ status: "error" });
        }
      },
    );
    return () => controller.abort();
  }, [ready, token, valid, id, linkSecret, pathname, navigate, expire]);

  return valid ? state : { status: "not-found" };
}
