import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Notice, useNotice } from "../ui/notice";

/** Navigation state that asks the next page to show the spec's success notice (e.g. after payment). */
export type FlashState = { flash?: string };

/**
 * Shows a notice handed over in navigation state (`navigate("/", { state: { flash } })`), then clears the
 * state so a reload or a back navigation does not show it again. Lives in the root layout, so it
 * outlives the page that asked for it.
 */
export function FlashNotice() {
  const { notice, show, dismiss } = useNotice();
  const location = useLocation();
  const navigate = useNavigate();
  const flash = (location.state as FlashState | null)?.flash;
  useEffect(() => {
    if (!flash) return;
    show(flash);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null, preventScrollReset: true });
  }, [flash, show, navigate, location.pathname, location.search]);
  return <Notice notice={notice} onDismiss={dismiss} />;
}
