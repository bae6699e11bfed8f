import { BANNER_SEGMENTS, listingPath } from "@store/shared";
import { Link } from "react-router";
import { CategoryBanner } from "./category-banner";
import { CATEGORY_INTROS, subcategoriesOf, titleCase, type ShopCategory } from "./category-copy";

export interface CollectionPreview {
  categoryId: number;
  /** null when the count could not be loaded (the card still links to the listing). */
  total: number | null;
  images: { url: string; name: string }[];
}

const hasOwnBanner = (segment: string) => (BANNER_SEGMENTS as readonly string[]).includes(segment);

/**
 * A category on the collections page: its banner (or, for categories without one, three of its products
 * in the same 4:1 box), its line, its subcategories and a link to all of it.
 */
export function CollectionCard({
  category,
  preview,
  eager,
}: {
  category: ShopCategory;
  preview: CollectionPreview | undefined;
  eager: boolean;
}) {
  const subcategories = subcategoriesOf(category.id);
  const headingId = `collection-${category.id}`;
  return (
    <article aria-labelledby={headingId} className="overflow-hidden rounded-3xl border border-linen bg-white shadow-sm">
      <Link to={listingPath(category.segment)} tabIndex={-1} aria-hidden="true" className="block">
        {hasOwnBanner(category.segment) || !preview?.images.length ? (
          <CategoryBanner segment={category.segment} eager={eager} />
        ) : (
          <div className="grid aspect-[4/1] grid-cols-3 grid-rows-1 overflow-hidden bg-linen">
            {preview.images.slice(0, 3).map((image) => (
              <img
                key={image.url}
                src={image.url}
                alt=""
                width={600}
                height={750}
                loading={eager ? "eager" : "lazy"}
                decoding="async"
                className="h-full w-full object-cover"
              />
            ))}
          </div>
        )}
      </Link>
      <div className="p-6 sm:p-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id={headingId} className="text-3xl font-semibold text-indigo-ink">
            <Link to={listingPath(category.segment)} className="hover:text-madder">
              {category.name}
            </Link>
          </h2>
          {preview?.total != null && <p className="text-sm text-charcoal/80">{preview.total} handmade pieces</p>}
        </div>
        <p className="mt-3 max-w-3xl leading-relaxed text-charcoal/85">{CATEGORY_INTROS[category.id]}</p>
        {subcategories.length > 0 && (
          <ul role="list" aria-label={`${category.name} subcategories`} className="mt-5 flex flex-wrap gap-2">
            {subcategories.map((sub) => (
              <li key={sub.id}>
                <Link
                  to={listingPath(category.segment, sub.name)}
                  className="inline-block rounded-full border border-charcoal/20 px-4 py-1.5 text-sm hover:border-madder hover:text-madder"
                >
                  {titleCase(sub.name)}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link
          to={listingPath(category.segment)}
          className="mt-6 inline-block font-medium text-madder underline-offset-4 hover:underline"
        >
          Shop all {category.name.toLowerCase()} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
