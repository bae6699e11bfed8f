/**
 * The server's layers (apps/server/src/README.md), bottom first: an import may point down its own layer's
 * module or to a lower layer, never up and never across to a sibling domain of the same layer.
 * `npm run lint` runs this; `npm run lint:imports -- --output-type err-long` explains a failure.
 */
const SRC = "^apps/server/src/";
const LAYERS = [
  {
    name: "infrastructure",
    paths: [
      `${SRC}(config|errors|log)\\.ts$`,
      `${SRC}(db|http|email|whatsapp|lib|cluster|media)/`,
      `${SRC}plugins/(errors|security)\\.ts$`,
    ],
  },
  {
    name: "catalogue, geo, accounts, settings",
    modules: ["catalog", "geo", "accounts", "health", "settings", "duties"],
  },
  // Trade accounts (decision 097): read the catalogue and accounts; cart, promo and checkout price with them.
  { name: "trade", modules: ["trade"] },
  // The seller's numbers (decision 105): reads the catalogue's names; checkout and confirmation record through it.
  { name: "numbers", modules: ["numbers"] },
  { name: "content, search, cart, promo, wishlist", modules: ["content", "search", "cart", "promo", "wishlist"] },
  { name: "orders, seo, feeds", modules: ["orders", "seo", "feeds"] },
  // Reads the orders' outcomes for its history defaults; checkout asks it, the back office edits it.
  { name: "cod rules", modules: ["cod-rules"] },
  // Above orders (an entry names its order), below whatever moves credit: returns, checkout, payments' expiry.
  { name: "store credit", modules: ["store-credit"] },
  { name: "invoices, reviews", modules: ["invoices", "reviews"] },
  // Quotes (decision 101) fill the cart, draw the proforma with the invoices' arithmetic; confirmation accepts one.
  { name: "quotes", modules: ["quotes"] },
  { name: "confirmation", modules: ["confirmation"] },
  { name: "payments", modules: ["payments"] },
  // Gift cards are paid through payments (its webhook settles them by a hook services.ts hands in) and
  // redeemed into store credit; checkout, a layer up, may redeem one. Shipping and gift cards know nothing of each other.
  { name: "shipping, gift cards", modules: ["shipping", "gift-cards"] },
  // "Pay now" (decision 094) converts a COD order: it uses payments, invoices, orders and shipping's booking state.
  { name: "pay now", modules: ["pay-now"] },
  { name: "checkout, returns", modules: ["checkout", "returns"] },
  { name: "back office", modules: ["admin"] },
];

const modulePath = (m) => `${SRC}modules/${m}/`;
const pathsOf = (layer) => layer.paths ?? layer.modules.map(modulePath);
const either = (paths) => `(${paths.join("|")})`;
/** Tests and their helpers may reach anything (they assemble whole apps). */
const NOT_TESTS = "(\\.test\\.ts|/test-support\\.ts)$";

const upward = LAYERS.flatMap((layer, i) => {
  const higher = LAYERS.slice(i + 1).flatMap(pathsOf);
  // The top of the server (app.ts, server.ts, services.ts, jobs.ts, the auth and SSR plugins, seed, cli,
  // testing) is everything not in a layer; no layer may import it.
  const top = `${SRC}(?!modules/|db/|http/|email/|whatsapp/|lib/|cluster/|media/|config\\.ts|errors\\.ts|log\\.ts|plugins/errors\\.ts|plugins/security\\.ts)`;
  return [
    {
      name: `no-upward-from-${layer.name.replace(/\W+/g, "-")}`,
      comment: `The ${layer.name} layer imports only from the layers below it.`,
      severity: "error",
      from: { path: either(pathsOf(layer)), pathNot: NOT_TESTS },
      to: { path: either([...higher, top]) },
    },
  ];
});

const sideways = LAYERS.flatMap((layer) =>
  (layer.modules ?? []).flatMap((m) => {
    const siblings = layer.modules.filter((s) => s !== m);
    if (siblings.length === 0) return [];
    return [
      {
        name: `no-sibling-import-from-${m}`,
        comment: `${m} does not import its sibling domains (${siblings.join(", ")}); what both need belongs a layer down.`,
        severity: "error",
        from: { path: modulePath(m), pathNot: NOT_TESTS },
        to: { path: either(siblings.map(modulePath)) },
      },
    ];
  }),
);

module.exports = {
  forbidden: [
    ...upward,
    ...sideways,
    {
      name: "admin-uses-services-not-tables",
      comment: "The back office calls the domain services the storefront uses, never another module's tables.",
      severity: "error",
      // admin/tables.ts may name another module's table: a foreign key (audit_log -> users) is a schema
      // relation, not a query.
      from: { path: modulePath("admin"), pathNot: `${NOT_TESTS}|^${modulePath("admin")}tables\\.ts$` },
      to: { path: `${SRC}modules/(?!admin/)[^/]+/tables\\.ts$` },
    },
    {
      name: "shared-stands-alone",
      comment: "packages/shared is used by the server and the storefront and imports neither.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
    { name: "no-circular", severity: "error", from: { pathNot: NOT_TESTS }, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(node_modules|/build/|\\.react-router/)" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js"],
    },
  },
};
