import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The spec's route table, one to one (section 2). Any other path shows the not-found page. */
export default [
  index("routes/home.tsx"),
  route("not-found", "routes/not-found.tsx", { id: "not-found" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
