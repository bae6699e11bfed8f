import type { Blog } from "@store/shared";
import { Link } from "react-router";
import { BlogImage } from "./blog-image";
import { formatDate, isoDate } from "./format-date";
import { SmartLink } from "./smart-link";
import { ButtonLink, buttonClass } from "../ui/button";

/** The list's columns (max-w-7xl, px-4, gap-8): one on a phone, two from sm, three from lg. */
const CARD_SIZES =
  "(min-width: 1280px) 395px, (min-width: 1024px) calc(33vw - 32px), (min-width: 640px) calc(50vw - 32px), calc(100vw - 32px)";

/** A post in the blog list: image, title, date, excerpt, 'Read More' and, when it has one, 'Buy'. */
export function BlogCard({ blog, priority = false }: { blog: Blog; priority?: boolean }) {
  const path = `/blog/${blog.id}`;
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-linen transition hover:shadow-md">
      <Link to={path} tabIndex={-1} aria-hidden="true">
        <BlogImage src={blog.image} alt="" priority={priority} sizes={CARD_SIZES} />
      </Link>
      <div className="flex flex-1 flex-col p-6">
        <time dateTime={isoDate(blog.date)} className="text-sm font-medium text-charcoal/75">
          {formatDate(blog.date)}
        </time>
        <h2 className="mt-2 text-xl font-semibold leading-snug text-indigo-ink">
          <Link to={path} className="hover:text-madder">
            {blog.title}
          </Link>
        </h2>
        <p className="mt-3 line-clamp-3 flex-1 leading-7 text-charcoal/85">{blog.excerpt}</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <ButtonLink to={path} variant="secondary">
            Read More<span className="sr-only"> about {blog.title}</span>
          </ButtonLink>
          {blog.product_link && (
            <SmartLink to={blog.product_link} className={buttonClass({ variant: "accent" })}>
              Buy<span className="sr-only"> pieces from {blog.title}</span>
            </SmartLink>
          )}
        </div>
      </div>
    </article>
  );
}
