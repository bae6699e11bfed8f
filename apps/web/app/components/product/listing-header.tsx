import { listingPath } from "@store/shared";
import { Link } from "react-router";
import { CategoryBanner } from "./category-banner";
import { CATEGORY_INTROS, subcategoriesOf, titleCase, type ShopCategory, type ShopSubcategory } from "./category-copy";

/** Banner, heading, intro and the category's subcategory links (the current one marked). */
export function ListingHeader({
  category,
  subcategory,
}: {
  category: ShopCategory;
  subcategory: ShopSubcategory | null;
}) {
  const subcategories = subcategoriesOf(category.id);
  return (
    <header>
      <CategoryBanner segment={category.segment} />
      <div className="mt-8 max-w-3xl">
        {subcategory && (
          <p className="text-sm font-medium uppercase tracking-widest text-madder">
            <Link to={listingPath(category.segment)} className="hover:underline">
              {category.name}
            </Link>
          </p>
        )}
        <h1 className="mt-1 text-4xl font-semibold text-indigo-ink sm:text-5xl">
          {subcategory ? titleCase(subcategory.name) : category.name}
        </h1>
        <p className="mt-3 text-lg leading-relaxed text-charcoal/85">{CATEGORY_INTROS[category.id]}</p>
      </div>
      {subcategories.length > 0 && (
        <nav
          aria-label={`${category.name} subcategories`}
          className="-mx-4 mt-6 overflow-x-auto px-4 pb-2 sm:mx-0 sm:overflow-visible sm:px-0"
        >
          {/* One swipeable row on phones, wrapped rows on wider screens. */}
          <ul className="flex gap-2 whitespace-nowrap sm:flex-wrap">
            <li>
              <Chip to={listingPath(category.segment)} current={!subcategory}>
                All
              </Chip>
            </li>
            {subcategories.map((sub) => (
              <li key={sub.id}>
                <Chip to={listingPath(category.segment, sub.name)} current={sub.id === subcategory?.id}>
                  {titleCase(sub.name)}
                </Chip>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}

function Chip({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-block rounded-full border px-4 py-1.5 text-sm transition ${
        current
          ? "border-indigo-ink bg-indigo-ink text-white"
          : "border-charcoal/20 bg-white hover:border-madder hover:text-madder"
      }`}
    >
      {children}
    </Link>
  );
}
