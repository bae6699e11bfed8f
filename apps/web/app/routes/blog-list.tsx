import { MESSAGES, type BlogListResponse, CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { BlogCard } from "../components/content/blog-card";
import { PageHeader } from "../components/content/page-header";
import { api } from "../lib/api";
import { logBoundaryError } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/blog-list";

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

/** First paint: the posts straight from the content service, in process. */
export async function loader({ context }: Route.LoaderArgs): Promise<BlogListResponse> {
  return context.services.content.listBlogs();
}

/** Client-side navigations read the same list from the public API. */
export async function clientLoader(): Promise<BlogListResponse> {
  return api.get<BlogListResponse>("/api/get-all-blogs/");
}

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Blog",
    description:
      "Stories from our Jaipur workshop: block printing, natural dyes, kantha, jute and the artisans behind every piece.",
    path: "/blog",
  });
}

function BlogHeader() {
  return (
    <PageHeader
      eyebrow="Our blog"
      title="Stories from the Workshop"
      lead="Craft notes, care guides and the people behind every hand block print, straight from Jaipur."
    />
  );
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const blogs = loaderData.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <BlogHeader />
      {blogs.length === 0 ? (
        <p className="mt-12 text-center text-lg">New stories are on their way. Please check back soon.</p>
      ) : (
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {/* Only the first picture is on a phone's first screen (one column): it alone is fetched with the page,
              at high priority. The others follow as they come near, the rest of a wide first row once hydrated. */}
          {blogs.map((blog, index) => (
            <li key={blog.id} className="flex">
              <BlogCard blog={blog} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A list that cannot load: the page's own heading and a message, inside the normal layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  logBoundaryError("Blog list failed", error);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <BlogHeader />
      <p role="alert" className="mt-12 text-center text-lg text-madder">
        {MESSAGES.blogListFailed}
      </p>
    </div>
  );
}
