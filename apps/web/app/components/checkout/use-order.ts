import type { OrderDetail } from "@store/shared";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { api, isApiError } from "../../lib/api";
import { useSession } from "../../lib/session";
import { loginPath } from "../account/safe-next";

export type OrderState =
  { status: "loading" } | { status: "ready"; order: OrderDetail } | { status: "not-found" } | { status: "error" };

/**
 * One of the signed-in shopper's orders (GET /api/orders/:id). The token lives in the browser, so a guest
 * (or a refused token) is sent to log in and brought back here; someone else's order is not found.
 */
export function useOrder(id: string): OrderState {
  const { ready, token, expire } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const valid = /^[1-9]\d{0,15}$/.test(id);
  const [state, setState] = useState<OrderState>({ status: "loading" });

  useEffect(() => {
    if (!ready || !valid) return;
    if (!token) {
      void navigate(loginPath(pathname), { replace: true });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    api.get<{ data: OrderDetail }>(`/api/orders/${id}`, undefined, { signal: controller.signal }).then(
      (answer) => setState({ status: "ready", order: answer.data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error, 404)) setState({ status: "not-found" });
        // The session ends; with no token left, the effect runs again and goes to log in.
        else if (isApiError(error, 401)) expire(error.message);
        else {
          console.error("Order failed", error);
          setState({ status: "error" });
        }
      },
    );
    return () => controller.abort();
  }, [ready, token, valid, id, pathname, navigate, expire]);

  return valid ? state : { status: "not-found" };
}
