import { use } from "react";
import { ServerPartsContext } from "../../lib/server-parts";
import { KeptHtml } from "./kept-html";

const loadContent = () => import("./footer-content").then((module) => module.FooterContent);

/**
 * The footer, server-rendered, without its code in the page's first load (decision 112): it has no state, so
 * the browser keeps the server's HTML as it is. Only when there is none (a client navigation from the back
 * office, which has no footer) does the browser load the content and render it.
 */
export function Footer() {
  const server = use(ServerPartsContext);
  return (
    <KeptHtml
      as="footer"
      className="below-fold mt-16 bg-indigo-ink text-cream"
      server={server?.FooterContent}
      load={loadContent}
    />
  );
}
