import { data } from "react-router";
import { NotFoundContent } from "../components/layout/not-found-content";

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

/** Unknown paths render the not-found page with a real 404 status, not a 200. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundContent />;
}
