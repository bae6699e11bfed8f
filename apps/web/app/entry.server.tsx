import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { FooterContent } from "./components/layout/footer-content";
import { ProductPromises } from "./components/product/product-promises";
import { ProductReviews } from "./components/product/product-reviews";
import "./load-context";
import { ServerPartsContext } from "./lib/server-parts";

/** What the server renders of the parts whose code the browser loads only when it needs it. */
const SERVER_PARTS = { FooterContent, ProductReviews, ProductPromises };

/** How long deferred loader data may stream before the rest of the page is sent without it. */
export const streamTimeout = 5_000;

/**
 * React Router's Node entry, plus the two things it cannot know: the request's CSP nonce, given to every
 * inline script React and React Router write (hydration data, the module entry, scroll restoration,
 * streamed Suspense boundaries), and the request's logger for errors after the first bytes are sent.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const { nonce, log } = loadContext;
  // Crawlers get the whole page at once; shoppers get the shell first and the rest as it streams.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellSent = false;
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const send = () => {
      shellSent = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          timeout = undefined;
          callback();
        },
      });
      headers.set("Content-Type", "text/html");
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerPartsContext value={SERVER_PARTS}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerPartsContext>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: send } : { onShellReady: send }),
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Before the shell is out, the rejection reaches handleError below; after it, only this sees it.
          if (shellSent && !request.signal.aborted) log.error({ err: error, url: request.url }, "page render failed");
        },
      },
    );
  });
}

/**
 * Loader and render errors on the server go to the request's logger (with its request id), not the
 * console. A 404 thrown on purpose is not an error, nor is a shopper leaving before the page is done.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error;
  if (cause === undefined) return;
  (context as AppLoadContext).log.error({ err: cause, url: request.url }, "page failed");
};
