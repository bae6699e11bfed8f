import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Browser chunks: a page loads a handful of files instead of two dozen (decision 012). On a phone's
 * connection every file costs a round trip, and most of our modules are a few hundred bytes.
 * - framework: React, React Router and the client entry, which every page runs;
 * - shell: the root route and everything it imports (navigation, cart, currency), which every page runs;
 * - storefront: the UI and helpers that two or more pages share (product cards, prices, skeletons...),
 *   and the shared package's plain modules (its zod schemas, under src/schemas/, stay out).
 * Route code stays in its route's chunk; zod ships only with the pages that have forms.
 */
const STOREFRONT =
  /[\\/]app[\\/](lib|components[\\/](ui|product|home))[\\/]|packages[\\/]shared[\\/]src[\\/][a-z-]+\.ts$/;
/**
 * The order and tax helpers are shared by checkout, order pages and the back office only: in the storefront
 * chunk, every page would load them (about 2 KB gz) to show a product.
 */
const ORDERS_AND_TAX = /[\\/]shared[\\/]src[\\/](gst|order-status|order-total)\.ts$/;

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
      minShareCount: 2,
      test: (id: string) => STOREFRONT.test(id) && !ORDERS_AND_TAX.test(id),
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    ...(!isSsrBuild && { rolldownOptions: { output: { codeSplitting: CLIENT_CHUNKS } } }),
  },
}));
