import { MESSAGES, SELLER, type Blog, type BlogDetailResponse, CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { data, isRouteErrorResponse, Link } from "react-router";
import { BlogQuote, KeyFeatures } from "../components/content/blog-extras";
import { BlogImage } from "../components/content/blog-image";
import { formatDate, isoDate } from "../components/content/format-date";
import { JsonLd } from "../components/content/json-ld";
import { Prose } from "../components/content/prose";
import { SmartLink } from "../components/content/smart-link";
import { ButtonLink } from "../components/ui/button";
import { ApiError, api } from "../lib/api";
import { logBoundaryError } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import { isServiceNotFound } from "../lib/service-errors";
import type { Route } from "./+types/blog-detail";

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

/** The spec's 'Blog not found' with a real 404, for a missing post and for an id that is not one. */
function blogNotFound(): never {
  throw data(MESSAGES.blogNotFound, { status: 404 });
}

/**
 * The same id rule as the API's blog_pk: a positive whole number, anything else is not a post. The schema
 * (and zod) is imported when a loader runs, so it stays out of the post's first load in the browser, where
 * the server's loader has already checked the id (issue 18: 130 KB).
 */
async function blogPk(id: string | undefined): Promise<number> {
  const { blogDetailQuerySchema } = await import("@store/shared/schemas/content");
  const parsed = blogDetailQuerySchema.safeParse({ blog_pk: id });
  return parsed.success ? parsed.data.blog_pk : blogNotFound();
}

export async function loader({ context, params }: Route.LoaderArgs): Promise<BlogDetailResponse> {
  const blog_pk = await blogPk(params.id);
  try {
    return await context.services.content.blogDetail({ blog_pk });
  } catch (error) {
    if (isServiceNotFound(error)) blogNotFound();
    throw error;
  }
}

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<BlogDetailResponse> {
  const blog_pk = await blogPk(params.id);
  try {
    return await api.get<BlogDetailResponse>("/api/get-blog-detail/", { blog_pk });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) blogNotFound();
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData)
    return [{ title: `${MESSAGES.blogNotFound} | ${SELLER.brand}` }, { name: "robots", content: "noindex" }];
  const blog = loaderData.data;
  return pageMeta({
    title: blog.title,
    description: blog.excerpt,
    path: `/blog/${blog.id}`,
    image: blog.image,
    type: "article",
  });
}

function blogPosting(blog: Blog) {
  const url = `${SELLER.website}/blog/${blog.id}`;
  const organization = {
    "@type": "Organization",
    name: SELLER.brand,
    url: SELLER.website,
    logo: `${SELLER.website}/favicon.svg`,
  };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: blog.title,
    description: blog.excerpt,
    image: blog.image.startsWith("http") ? blog.image : `${SELLER.website}${blog.image}`,
    datePublished: isoDate(blog.date),
    // Posts keep no edit time: the post's own date is the last change search engines can be told of.
    dateModified: isoDate(blog.date),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: organization,
    publisher: organization,
  };
}

export default function BlogDetail({ loaderData }: Route.ComponentProps) {
  const blog = loaderData.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <JsonLd data={blogPosting(blog)} />
      <nav aria-label="Breadcrumb" className="text-sm text-charcoal/80">
        <ol className="flex items-center gap-2">
          <li>
            <Link to="/blog" className="hover:text-madder hover:underline">
              Blog
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="min-w-0 truncate">
            {blog.title}
          </li>
        </ol>
      </nav>
      <header className="mt-6">
        <h1 className="text-balance text-4xl font-semibold leading-tight text-indigo-ink sm:text-5xl">{blog.title}</h1>
        <p className="mt-4 text-charcoal/80">
          <time dateTime={isoDate(blog.date)}>{formatDate(blog.date)}</time>
          <span aria-hidden="true"> · </span>
          {SELLER.brand}
        </p>
      </header>
      <BlogImage
        src={blog.image}
        alt={blog.title}
        priority
        sizes="(min-width: 768px) 736px, calc(100vw - 32px)"
        className="mt-8 rounded-2xl shadow-sm"
      />
      <Prose html={blog.description} className="mt-10" />
      <div className="mt-12 space-y-10">
        <KeyFeatures features={blog.key_features} />
        <BlogQuote />
      </div>
      <div className="mt-12 flex flex-col items-center gap-3 rounded-2xl bg-indigo-ink px-6 py-10 text-center text-cream">
        <p className="font-serif text-2xl">Bring a piece of Jaipur home</p>
        <SmartLink
          to={blog.product_link ?? "/collections"}
          className="inline-flex items-center rounded-full bg-turmeric px-8 py-3 font-semibold text-charcoal transition hover:bg-cream"
        >
          Shop Now
        </SmartLink>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) logBoundaryError("Blog post failed", error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold text-indigo-ink">
        {missing ? MESSAGES.blogNotFound : MESSAGES.unexpectedError}
      </h1>
      <ButtonLink to="/blog" size="lg" className="mt-8">
        Back to the blog
      </ButtonLink>
    </section>
  );
}
