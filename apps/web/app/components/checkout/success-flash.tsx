import { useEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Notice, useNotice } from "../ui/notice";

let host: Root | null = null;
let show: ((text: string) => void) | null = null;
let pending: string | null = null;

function FlashHost() {
  const { notice, show: showNotice, dismiss } = useNotice();
  useEffect(() => {
    show = showNotice;
    // Shown after the empty live region is in the page, so screen readers announce it.
    if (pending) showNotice(pending);
    pending = null;
    return () => {
      show = null;
    };
  }, [showNotice]);
  return <Notice notice={notice} onDismiss={dismiss} />;
}

/**
 * The spec's success notice after an order (green, centred, hidden after 3 s), shown on the page the
 * shopper is sent to. Its own small root outside the routes, so it outlives the cart page that shows it;
 * browser-only, called from event handlers, never during a render.
 */
export function flashSuccess(text: string): void {
  if (show) {
    show(text);
    return;
  }
  pending = text;
  if (host) return;
  const container = document.createElement("div");
  container.dataset.flash = "checkout";
  document.body.append(container);
  host = createRoot(container);
  host.render(<FlashHost />);
}
