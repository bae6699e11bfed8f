import { SELLER, type SocialFeedResponse } from "@store/shared";
import { Link } from "react-router";
import { Skeleton } from "../ui/skeleton";
import { LazyApiSection } from "./lazy-api-section";

const SHOWN = 8;
const POST_IMAGE = 600;
const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4";
const instagram = SELLER.socials.find((s) => s.kind === "photo sharing");

/** The caption without its hashtags: the part that describes the picture. */
function describe(caption: string): string {
  return caption.replace(/(^|\s)#\S+/g, "").trim();
}

/** Instagram-style feed of the workshop, loaded when scrolled near. */
export function SocialFeedSection() {
  return (
    <LazyApiSection<SocialFeedResponse>
      id="feed-heading"
      eyebrow="From the workshop"
      title="Follow our craft on Instagram"
      path="/api/social-feed/"
      action={
        instagram && (
          <a
            href={instagram.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-madder underline-offset-4 hover:underline"
          >
            @{instagram.url.split("/").filter(Boolean).pop()}{" "}
            <span className="sr-only">(opens Instagram in a new tab)</span>
          </a>
        )
      }
      skeleton={
        <div className={GRID}>
          {Array.from({ length: SHOWN }, (_, i) => (
            <Skeleton key={i} className="aspect-square w-full rounded-xl" />
          ))}
        </div>
      }
    >
      {({ data }) => (
        <ul role="list" className={GRID}>
          {data.slice(0, SHOWN).map((post) => (
            <li key={post.id}>
              <PostLink href={post.link}>
                <img
                  src={post.image}
                  alt={describe(post.caption)}
                  width={POST_IMAGE}
                  height={POST_IMAGE}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square h-auto w-full rounded-xl object-cover transition duration-500 hover:scale-[1.02] motion-reduce:transition-none"
                />
              </PostLink>
            </li>
          ))}
        </ul>
      )}
    </LazyApiSection>
  );
}

/** Posts link to our own listings (client navigation) or out to the post itself. */
function PostLink({ href, children }: { href: string; children: React.ReactNode }) {
  const className = "block overflow-hidden rounded-xl";
  return href.startsWith("/") ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
