import { LISTING_SORT_LABELS, LISTING_SORTS, formatMoney, type Currency, type ListingFacets } from "@store/shared";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";

/** The filters that narrow the grid (the sort does not), for the toggle's count and "Clear all". */
const NARROWING = ["min_price", "max_price", "size", "colour", "material"] as const;

const TOGGLE_ID = "listing-filters-toggle";

/** How many filter choices the URL makes (the sort is not one). */
export const activeFilterCount = (params: URLSearchParams) =>
  NARROWING.reduce((n, key) => n + params.getAll(key).filter((v) => v !== "").length, 0);

/**
 * The phone's "Filter and sort" toggle: a checkbox and CSS (the panel shows while it is ticked, in a `group`
 * around both), outside the part that reloads, so the panel stays open while the shopper ticks several boxes.
 */
export function FiltersToggle({ active }: { active: number }) {
  return (
    <>
      <input type="checkbox" id={TOGGLE_ID} className="peer sr-only lg:hidden" />
      <label
        htmlFor={TOGGLE_ID}
        className="mb-4 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-indigo-ink px-5 font-medium text-indigo-ink peer-focus-visible:ring-2 peer-focus-visible:ring-madder lg:hidden"
      >
        Filter and sort{active > 0 && ` (${active})`}
      </label>
    </>
  );
}

const BOX = "rounded-lg border border-linen bg-white p-4";
const LEGEND = "mb-2 text-sm font-semibold uppercase tracking-wider text-indigo-ink";

/**
 * The listing's sort and filters (issue 40, point 4): a plain GET form, so the URL says what is shown, the
 * server renders it, and it works before the page's script has loaded. With the script, a ticked box or a
 * new sort applies at once and empty fields stay out of the URL. On a phone the panel folds behind
 * `FiltersToggle`; from lg it is always open.
 */
export function ListingFilters({
  facets,
  params,
  pathname,
  currency,
}: {
  facets: ListingFacets;
  params: URLSearchParams;
  pathname: string;
  currency: Currency;
}) {
  const navigate = useNavigate();
  const chosen = (key: string, value: string) => params.getAll(key).includes(value);
  const active = activeFilterCount(params);

  const apply = (form: HTMLFormElement) => {
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (value !== "") query.append(key, String(value));
    const search = query.toString();
    void navigate(search ? `${pathname}?${search}` : pathname, { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  // A box or the sort applies at once; typed prices wait for Apply (or Enter), not every keystroke.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type === "checkbox" || target.tagName === "SELECT") apply(event.currentTarget);
  };

  const options = (key: "size" | "colour" | "material", list: ListingFacets["sizes"], title: string) =>
    list.length > 0 && (
      <fieldset className={BOX}>
        <legend className={`${LEGEND} float-left w-full`}>{title}</legend>
        <ul className="clear-both flex flex-wrap gap-2">
          {list.map((option) => (
            <li key={option.value}>
              <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-linen px-3 text-sm has-[:checked]:border-indigo-ink has-[:checked]:bg-indigo-ink has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-madder">
                <input
                  type="checkbox"
                  name={key}
                  value={option.value}
                  defaultChecked={chosen(key, option.value)}
                  className="sr-only"
                />
                {option.value === "ONE" ? "One size" : option.value}{" "}
                <span className="text-xs opacity-75">({option.count})</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );

  return (
    <div className="mb-8">
      <form
        method="get"
        action={pathname}
        aria-label="Filter and sort products"
        onSubmit={onSubmit}
        onChange={onChange}
        className="hidden gap-4 group-has-[#listing-filters-toggle:checked]:grid sm:grid-cols-2 lg:grid lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.3fr)]"
      >
        <div className={`${BOX} grid gap-3`}>
          <label className="grid gap-1">
            <span className={LEGEND}>Sort by</span>
            <select
              name="sort"
              defaultValue={params.get("sort") ?? ""}
              className="min-h-11 rounded border border-linen bg-white px-2"
            >
              <option value="">Featured</option>
              {LISTING_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {LISTING_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend className={LEGEND}>Price ({currency})</legend>
            <div className="flex items-center gap-2">
              <PriceInput
                name="min_price"
                label="Lowest price"
                value={params.get("min_price")}
                hint={facets.price?.min}
              />
              <span aria-hidden="true">to</span>
              <PriceInput
                name="max_price"
                label="Highest price"
                value={params.get("max_price")}
                hint={facets.price?.max}
              />
            </div>
            {facets.price && (
              <p className="mt-1 text-xs text-charcoal/70">
                From {formatMoney(facets.price.min, currency)} to {formatMoney(facets.price.max, currency)}
              </p>
            )}
          </fieldset>
        </div>
        {options("size", facets.sizes, "Size in stock")}
        {options("material", facets.materials, "Material")}
        {options("colour", facets.colours, "Colour")}
        <div className="flex items-center gap-4 sm:col-span-2 lg:col-span-4">
          <button
            type="submit"
            className="min-h-11 rounded-full bg-indigo-ink px-6 font-medium text-white hover:bg-indigo-ink/90"
          >
            Apply
          </button>
          {(active > 0 || params.has("sort")) && (
            <Link to={pathname} preventScrollReset className="text-madder underline">
              Clear all
            </Link>
          )}
        </div>
      </form>
    </div>
  );
}

function PriceInput({
  name,
  label,
  value,
  hint,
}: {
  name: string;
  label: string;
  value: string | null;
  hint?: number;
}) {
  return (
    <input
      type="number"
      name={name}
      aria-label={label}
      inputMode="numeric"
      min={0}
      step={1}
      defaultValue={value ?? ""}
      placeholder={hint === undefined ? "" : String(hint)}
      className="min-h-11 w-full min-w-0 rounded border border-linen px-2"
    />
  );
}
