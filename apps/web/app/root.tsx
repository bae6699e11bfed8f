import "./lib/zod-jitless";
import { DEFAULT_CURRENCY, MESSAGES, type Category } from "@store/shared";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { ChatButton } from "./components/layout/chat-button";
import { FlashNotice } from "./components/layout/flash-notice";
import { Footer } from "./components/layout/footer";
import { Navigation } from "./components/layout/navigation";
import { NotFoundContent } from "./components/layout/not-found-content";
import { SessionExpiredBanner } from "./components/account/session-expired-banner";
import "./load-context";
import { CartProvider, useCart } from "./lib/cart";
import { CurrencyProvider } from "./lib/currency-context";
import { logBoundaryError } from "./lib/log-failure";
import { note } from "./lib/numbers";
import { isBackOffice } from "./lib/back-office";
import { SessionProvider } from "./lib/session";
import { useWishlist, WishlistProvider } from "./lib/wishlist";

/**
 * The one stylesheet, with a React precedence so it is written into the head before the script preloads:
 * the first paint waits for it, so it should not queue behind two dozen modules on a phone's connection.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: appStylesheet, precedence: "default" }];

export async function loader({ context }: Route.LoaderArgs) {
  // Decided by the server for this request: the cookie, else the IP's country (decision 044).
  const currency = context.currency;
  // The shopper's country, for the product page's delivery promise abroad on client navigations (decision 080).
  const country = context.country;
  try {
    return { ...currency, country, categories: (await context.services.catalog.categoryList()).categories };
  } catch (error) {
    // Spec: a failed category list is only logged; the navigation keeps its loading pills.
    context.log.error({ err: error }, "navigation category list failed");
    return { ...currency, country, categories: null };
  }
}

/**
 * The navigation's categories do not change during a visit; no refetch on every navigation. The currency
 * lives in CurrencyProvider once the page is in the browser, so a currency change needs no root reload either.
 */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const backOffice = isBackOffice(useLocation().pathname);
  // Marks the page as interactive once the first render's effects (and their API calls) have started:
  // the root's effects run after every child's, so browser tests know when a page has nothing more to start.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  useShopNumbers(backOffice);
  return (
    <html lang="en" data-country={data?.country ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f2f5c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-cream text-charcoal antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <CurrencyProvider initial={data?.currency ?? DEFAULT_CURRENCY} askLocation={data?.askLocation ?? false}>
          <SessionProvider>
            <CartProvider>
              <WishlistProvider>
                {backOffice ? (
                  children
                ) : (
                  <>
                    <SiteNavigation categories={data?.categories ?? null} />
                    <SessionExpiredBanner />
                    <main id="main" className="min-h-[60vh]">
                      {children}
                    </main>
                  </>
                )}
              </WishlistProvider>
            </CartProvider>
          </SessionProvider>
        </CurrencyProvider>
        {!backOffice && <Footer />}
        {!backOffice && <ChatButton />}
        <FlashNotice />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Each page a shopper sees, for the seller's numbers (decision 105); the back office is not shop traffic. */
function useShopNumbers(backOffice: boolean) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!backOffice) note({ type: "page", path: pathname, search });
  }, [backOffice, pathname, search]);
}

/** The navigation with the cart's and the wishlist's counts, which live in the browser (0 until read). */
function SiteNavigation({ categories }: { categories: Category[] | null }) {
  const { count } = useCart();
  const wishlist = useWishlist();
  return <Navigation categories={categories} cartCount={count} wishlistCount={wishlist.ids.length} />;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A back-office path has no shop frame around it (Layout), so the error page brings its own <main>.
  const backOffice = isBackOffice(useLocation().pathname);
  const content =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundContent />
    ) : (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">{MESSAGES.pageFailedTitle}</h1>
        <p className="mt-4">{MESSAGES.unexpectedError}</p>
      </section>
    );
  if (!(isRouteErrorResponse(error) && error.status === 404)) logBoundaryError("Page failed", error);
  return backOffice ? <main id="main">{content}</main> : content;
}
