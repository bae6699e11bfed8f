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
  page(":category", "routes/listing.tsx", "category"),
  page(":category/:subCategory", "routes/listing.tsx", "subcategory"),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
