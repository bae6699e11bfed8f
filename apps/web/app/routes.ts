import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * The spec's route table, one to one (section 2). Static paths rank above the category segments, and
 * any other path shows the not-found page. Paths are case-sensitive, as the spec's segments are.
 */
const page = (path: string, file: string, id?: string) => route(path, file, { caseSensitive: true, ...(id && { id }) });

export default [
  index("routes/home.tsx"),
  page("product/:productId", "routes/product.tsx"),
  page("search", "routes/search.tsx"),
  page("blog", "routes/blog-list.tsx"),
  page("blog/:id", "routes/blog-detail.tsx"),
  page("about-us", "routes/about-us.tsx"),
  page("query", "routes/why-us.tsx"),
  page("contact-us", "routes/contact-us.tsx", "contact-us"),
  page("Contact-us", "routes/contact-us.tsx", "contact-us-alias"),
  page("customer-reviews", "routes/customer-reviews.tsx"),
  page("best-sellers", "routes/best-sellers.tsx"),
  page("collections", "routes/collections.tsx"),
  page("privacy", "routes/policy.tsx", "privacy"),
  page("refund", "routes/policy.tsx", "refund"),
  page("shipping", "routes/policy.tsx", "shipping"),
  page("terms-and-conditions", "routes/policy.tsx", "terms-and-conditions"),
  page("not-found", "routes/not-found.tsx", "not-found"),
  page("cart", "routes/cart.tsx"),
  // Issue 17: the shopper's saved pieces (a guest's from this browser).
  page("wishlist", "routes/wishlist.tsx"),
  // Issue 38: the back-in-stock confirmation e-mail's link (double opt-in).
  page("stock-alerts/confirm", "routes/stock-alert-confirm.tsx"),
  // Issue 17: the cart reminder e-mail's link, restoring the pieces on any device.
  page("cart/restore", "routes/cart-restore.tsx"),
  page("Signup", "routes/signup.tsx"),
  page("login", "routes/login.tsx"),
  // Ours, beyond the spec's table: the e-mailed set-password and confirmation links (decisions 004, 015) and the shopper's account.
  page("set-password", "routes/set-password.tsx"),
  page("verify-email", "routes/verify-email.tsx"),
  page("account", "routes/account.tsx"),
  // The signed opt-out link in every order update, by e-mail or WhatsApp (issue 16).
  page("notifications/off", "routes/notifications-off.tsx"),
  page("account/orders/:id", "routes/order.tsx"),
  // Issue 16: an order's page for a guest (the e-mails' links), and finding it by number and e-mail or phone.
  page("orders/:id", "routes/guest-order.tsx"),
  page("track-order", "routes/track-order.tsx"),
  // Issue 43 point 4: the link in a failed delivery's message, where the shopper chooses what happens next.
  page("delivery/:id", "routes/delivery-answer.tsx"),
  // Issue 42: gift cards on sale, and buying one for someone (decision 089).
  page("gift-cards", "routes/gift-cards.tsx"),
  page("gift-cards/:id", "routes/gift-card.tsx"),
  // Issue 43 point 5: the seller's message asking the shopper to confirm or correct an address before booking.
  page("address-check/:id", "routes/address-check.tsx"),
  // Issue 43 point 3: the link in the "pay now" message after a cash-on-delivery order (decision 094).
  page("pay-now/:id", "routes/pay-now.tsx"),
  // Issue 44 point 2: a business applies for a trade account; the Wholesale Query link leads here (decision 097).
  page("trade", "routes/trade.tsx"),
  // Issue 44 point 3: asking for a quote, and one quote with its proforma and acceptance (decision 101).
  page("quote", "routes/quote-request.tsx"),
  page("quote/:id", "routes/quote.tsx"),
  // The seller's back office (issue 6, decision 007): the spec's /add_items form, and /admin's screens.
  page("add_items", "routes/add-items.tsx"),
  // Outside the admin layout: a printable page with no back-office navigation (issue 13, point 5).
  page("admin/packing-slip", "routes/admin/packing-slip.tsx"),
  route("admin", "routes/admin/layout.tsx", { caseSensitive: true }, [
    index("routes/admin/dashboard.tsx"),
    page("products", "routes/admin/products.tsx"),
    page("products/:id", "routes/admin/product-edit.tsx"),
    page("orders", "routes/admin/orders.tsx"),
    page("orders/:id", "routes/admin/order-detail.tsx"),
    page("returns", "routes/admin/returns.tsx"),
    // Issue 43 point 4: failed delivery attempts (NDRs) to answer the courier (decision 090).
    page("failed-deliveries", "routes/admin/failed-deliveries.tsx"),
    page("promo-codes", "routes/admin/promo-codes.tsx"),
    page("blogs", "routes/admin/blogs.tsx"),
    page("home-strip", "routes/admin/home-strip.tsx"),
    page("testimonials", "routes/admin/testimonials.tsx"),
    page("reviews", "routes/admin/reviews.tsx"),
    page("queries", "routes/admin/queries.tsx"),
    page("sales", "routes/admin/sales.tsx"),
    page("delivery-outcomes", "routes/admin/delivery-outcomes.tsx"),
    // Issue 45 point 1: the product feeds for Google and Meta, and what they leave out (decision 103).
    page("feeds", "routes/admin/feeds.tsx"),
    // Issue 45 point 3 (decision 105): the seller's numbers, first-party.
    page("numbers", "routes/admin/numbers.tsx"),
    // Issue 43 point 2: cash on delivery's rules and the defaults from the store's returns (decision 093).
    page("cod-rules", "routes/admin/cod-rules.tsx"),
    // Issue 44 point 4: the account bank-transfer buyers pay into (decision 098).
    page("bank-transfer", "routes/admin/bank-transfer.tsx"),
    // Issue 44 point 2: trade applications, groups, price lists, minimums and case packs (decision 097).
    page("trade", "routes/admin/trade.tsx"),
    page("tax", "routes/admin/tax.tsx"),
    // Issue 13, points 11 and 12: customers, the audit log, staff accounts and the seller's settings.
    page("customers", "routes/admin/customers.tsx"),
    page("customers/:key", "routes/admin/customer-detail.tsx"),
    page("audit-log", "routes/admin/audit-log.tsx"),
    page("staff", "routes/admin/staff.tsx"),
    page("settings", "routes/admin/settings.tsx"),
    // Issue 15: the GST rate rules products are classed under; issue 38: the notified values by date.
    page("tax-rules", "routes/admin/tax-rules.tsx"),
    page("size-charts", "routes/admin/size-charts.tsx"),
    page("exchange-rates", "routes/admin/exchange-rates.tsx"),
    // Issue 41 point 2: destination zones and international rate cards (decision 080).
    page("shipping-rates", "routes/admin/shipping-rates.tsx"),
    page("import-duties", "routes/admin/import-duties.tsx"),
    // Issue 42: what the shop owes in store credit, a shopper's ledger and the owner's adjustments.
    page("store-credit", "routes/admin/store-credit.tsx"),
    page("gift-cards", "routes/admin/gift-cards.tsx"),
    // Issue 44 point 3: quote requests, priced or declined (decision 101).
    page("quotes", "routes/admin/quotes.tsx"),
    page("quotes/:id", "routes/admin/quote-detail.tsx"),
  ]),
  page(":category", "routes/listing.tsx", "category"),
  page(":category/:subCategory", "routes/listing.tsx", "subcategory"),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
