import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { MESSAGES } from "../../packages/shared/src/messages.ts";

/**
 * Browser chunks: a page loads a handful of files instead of two dozen (decision 012). On a phone's
 * connection every file costs a round trip, and most of our modules are a few hundred bytes.
 * - framework: React, React Router and the client entry, which every page runs;
 * - shell: the root route and everything it imports (navigation, cart, currency), which every page runs;
 * - storefront: the UI and helpers that two or more pages share (product cards, prices, skeletons...),
 *   and the shared package's plain modules (its zod schemas, under src/schemas/, stay out);
 * - purchase: the buying and form controls (quantity, PIN code, stock, text field) of the product page,
 *   the cart and the account forms: in storefront, home, listings and the blog loaded them too;
 * - listing: what the category listings, collections and search share;
 * - content: what the blog, About us, the policies and contact share;
 * - account and orders: the account screens' shared pieces, and an order's status and formats.
 * Fewer, larger files also suit Lighthouse, whose HTTP/1.1 model fetches six at a time (decision 047).
 * Route code stays in its route's chunk; zod ships only with the pages that have forms.
 */
const STOREFRONT = /[\\/]app[\\/](lib|components[\\/](ui|product))[\\/]|packages[\\/]shared[\\/]src[\\/][a-z-]+\.ts$/;
/**
 * Shared by two or more chunks, but not by most of the pages shoppers land on: in storefront, every page
 * would load them (decision 047). The home page's motion helpers (shared with its lazy header scroller),
 * the back office's rupee-target helper, and the order, address (formats by country, country names, phones), shipping method,
 * carrier, tax, shopper-time, customs-step, return-abroad and bank transfer helpers (checkout, order pages, back
 * office), the photo uploads' data URLs (reviews, returns, back office), the listings' trade prices (home,
 * listings, search; not the product page, which has its own), the seller's details (contact, content and
 * payment pages; decision 112), the reviews' rules and fit labels (the product's lazy reviews, the order page,
 * back office) and the policy terms (policy pages, the product's promises, returns):
 * Rolldown puts each in a chunk of its own users.
 */
const FEW_PAGES =
  /[\\/](lib[\\/](use-in-view|use-reduced-motion|data-url)|shared[\\/]src[\\/](inr-target|gst|country-name|bank-transfer-details|phone|order-status|order-total|address-lines|address-format|phone-check|hand-carriers|shipping-methods|shipping-fee-rules|city-check|shopper-time|customs-steps|return-abroad|address-quality|seller|reviews|policy-terms)|components[\\/]checkout[\\/]street-phone-fields|components[\\/]product[\\/]use-trade-list-prices)\.tsx?$/;
/**
 * The listings' own helpers (banner, category copy and tables, "Explore More", deferred grids, texts), shared by
 * the category listings, collections and search: one file for them, not one each (every file is a round
 * trip on a phone, and Lighthouse's HTTP/1.1 model fetches six at a time).
 */
const LISTING =
  /[\\/](lib[\\/]deferred|components[\\/]product[\\/](category-copy|category-banner|use-explore-more|explore-more-button)|shared[\\/]src[\\/](categories|listing-sorts|listing-texts))\.tsx?$/;
/**
 * The content pages' shared pieces (blog picture, page header, JSON-LD, links to listings or out, About us'
 * and Why us' lists): one file for the blog list, a post, About us, policies and contact. Dates stay out: order pages use them too.
 */
const CONTENT =
  /[\\/](components[\\/]content[\\/](blog-image|smart-link|page-header|json-ld)\.tsx|shared[\\/]src[\\/]about-texts\.ts)$/;
/** The account screens' shared pieces (the card, the login form, form problems): sign-up, log-in, account... */
const ACCOUNT = /[\\/]components[\\/]account[\\/]/;
/** An order's status and formats (an address at home among them), for the account's order list, the order pages and the back office. */
const ORDERS =
  /[\\/](components[\\/](admin[\\/](order-status-badge|format)|checkout[\\/]order-format)|shared[\\/]src[\\/](order-status|home-address-lines))\.tsx?$/;
/** The buying and form controls: quantity, PIN code, stock, text field (product page, cart, account forms). */
const PURCHASE =
  /[\\/]app[\\/](components[\\/]ui[\\/](numeric-input|text-field)|components[\\/]product[\\/]stock-status|lib[\\/]delivery-pin)\.tsx?$/;

/**
 * `MESSAGES.key` in the app and the shared package written as its text, at build time. The texts are one
 * object, and a bundler keeps or drops an object whole: the shell (root, navigation) reads a few, so every
 * page loaded all 36 of them, most for the checkout or the server alone. Inlined, each chunk carries the texts
 * it shows and the object leaves every page's first load (decision 110).
 */
function inlineMessages(): Plugin {
  const texts: Record<string, string> = MESSAGES;
  return {
    name: "store:inline-messages",
    apply: "build",
    transform(code, id) {
      if (!/[\\/](apps[\\/]web[\\/]app|packages[\\/]shared[\\/]src)[\\/].*\.tsx?$/.test(id)) return null;
      if (!code.includes("MESSAGES.")) return null;
      return {
        code: code.replace(/(?<![\w$.])MESSAGES\.(\w+)/g, (found, key: string) =>
          Object.hasOwn(texts, key) ? JSON.stringify(texts[key]) : found,
        ),
        map: null,
      };
    },
  };
}

const CLIENT_CHUNKS = {
  groups: [
    {
      name: "framework",
      priority: 2,
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser)[\\/]|^\0?rolldown[\\/]runtime/,
    },
    { name: "shell", priority: 1, test: /[\\/]app[\\/]root\.tsx$/ },
    {
      name: "storefront",
      priority: 1,
      minShareCount: 2,
      test: (id: string) =>
        STOREFRONT.test(id) && ![FEW_PAGES, LISTING, PURCHASE, CONTENT, ORDERS].some((group) => group.test(id)),
    },
    // After storefront (lower priority), so what they import from it stays there.
    { name: "purchase", test: PURCHASE },
    { name: "listing", test: LISTING },
    { name: "content", test: CONTENT },
    { name: "account", minShareCount: 2, test: ACCOUNT },
    { name: "orders", test: ORDERS },
  ],
};

/**
 * React Router's own production build, for the browser. Its package.json exports only dist/development
 * (remix-run/react-router#12532, #14102), whose `ENABLE_DEV_WARNINGS = true` keeps the dev warnings and
 * their messages in every page (decision 047); dist/production is the same code with the flag off. The
 * server build keeps importing "react-router" as Node resolves it: one copy shared with @react-router/node
 * and the server's request handler. The two differ only in React Router's default error boundary and
 * hydrate fallback (a console hint), which our routes never render.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));
const BROWSER_ALIASES = [
  { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
];

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [inlineMessages(), tailwindcss(), reactRouter()],
  ...(command === "build" && !isSsrBuild && { resolve: { alias: BROWSER_ALIASES } }),
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    ...(!isSsrBuild && {
      rolldownOptions: { output: { codeSplitting: CLIENT_CHUNKS } },
    }),
  },
}));
