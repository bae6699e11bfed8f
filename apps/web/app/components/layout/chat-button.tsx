import { whatsappChatUrl } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { ChatIcon } from "../ui/icons";

/**
 * What the floating button must never cover (issue 40, point 7): an element marked `data-keep-clear` (the
 * cart's totals and CLICK TO CONTINUE, the product page's buttons) and any submit button of the page.
 */
const KEEP_CLEAR = '[data-keep-clear], main button[type="submit"]';
/** Room kept around the button, so a total is not read through its shadow either. */
const MARGIN = 8;

function coversSomething(button: HTMLElement): boolean {
  const b = button.getBoundingClientRect();
  for (const element of document.querySelectorAll(KEEP_CLEAR)) {
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const apart =
      r.right < b.left - MARGIN || r.left > b.right + MARGIN || r.bottom < b.top - MARGIN || r.top > b.bottom + MARGIN;
    if (!apart) return true;
  }
  return false;
}

/**
 * Floating chat on every page: opens WhatsApp with a greeting asking about products. It steps aside (hidden,
 * its place kept) while the page scrolls a primary action or a total under it, and, on a phone, while a field
 * is being typed in (app.css), so it never covers what the shopper came to press or read.
 */
export function ChatButton() {
  const ref = useRef<HTMLAnchorElement>(null);
  const [aside, setAside] = useState(false);
  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      setAside(coversSomething(button));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    // Scrolling and resizing move the page under the button; a cart that loads or a checkout that opens moves it too.
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, []);
  return (
    <a
      ref={ref}
      href={whatsappChatUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      aria-hidden={aside || undefined}
      tabIndex={aside ? -1 : undefined}
      data-chat-button=""
      className={`fixed bottom-5 right-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#1f7a4d] text-white shadow-lg transition hover:scale-105 ${aside ? "invisible opacity-0" : ""}`}
    >
      <ChatIcon />
    </a>
  );
}
