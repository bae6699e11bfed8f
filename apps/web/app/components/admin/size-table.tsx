import {
  ADD_ITEM_DEFAULTS,
  INR_PRICE_MAX,
  PRODUCT_SIZES,
  sizeLabel,
  type AdminProduct,
  type PriceEntryCurrency,
} from "@store/shared";
import type { FieldErrors } from "./failures";
import { SelectInput } from "./form-controls";
import { OptionalNumberField } from "./optional-number-input";
import { InrHint, PriceEntryChoice, UsdFromInrHint, inrOfUsd, usdOfInr } from "./product-inr";
import { CARD, SECTION_TITLE } from "./styles";

/** A size as the editor holds it: prices in both currencies (the one typed, the other derived), stock. */
export type SizeRow = {
  offer_price: number | null;
  mrp: number | null;
  offer_price_inr: number | null;
  mrp_inr: number | null;
  quantity: number | null;
  offered: boolean;
};
export type SizeRows = Record<string, SizeRow>;
type PriceField = "offer_price" | "mrp";

const MAX = 1_000_000;
export const rowsOf = (product: AdminProduct): SizeRows =>
  Object.fromEntries(
    product.sizes.map((s) => [
      s.size,
      {
        offer_price: s.offer_price,
        mrp: s.mrp,
        offer_price_inr: s.offer_price_inr,
        mrp_inr: s.mrp_inr,
        quantity: s.quantity,
        offered: s.offered,
      },
    ]),
  );
export const blankRow = (): SizeRow => ({
  offer_price: null,
  mrp: null,
  offer_price_inr: null,
  mrp_inr: null,
  quantity: ADD_ITEM_DEFAULTS.quantity,
  offered: true,
});

/** A price typed in one currency, with the other derived (null when it cannot be: the schema then says why). */
function typedPrice(field: PriceField, currency: PriceEntryCurrency, value: number | null): Partial<SizeRow> {
  return currency === "INR"
    ? { [`${field}_inr`]: value, [field]: usdOfInr(value) }
    : { [field]: value, [`${field}_inr`]: inrOfUsd(value) };
}

/**
 * What a save sends for a size: the fields changed since it was stored, prices in the currency typed (a
 * stock-only change never re-sends a price, which rupees would re-derive). A new size sends everything.
 */
export function sizeChanges(stored: SizeRow | undefined, row: SizeRow, currency: PriceEntryCurrency): Partial<SizeRow> {
  const fields: (keyof SizeRow)[] =
    currency === "INR"
      ? ["offer_price_inr", "mrp_inr", "quantity", "offered"]
      : ["offer_price", "mrp", "quantity", "offered"];
  return Object.fromEntries(
    fields.filter((f) => !stored || stored[f] !== row[f]).map((f) => [f, row[f]]),
  ) as Partial<SizeRow>;
}

/** Ids of a size's fields, so an error can take focus to them. */
export const sizeFieldId = (size: string, field: string) => `size-${size}-${field}`;

/**
 * Each size's own prices (US dollars, cents allowed, with the INR price beside them) and stock, and a new
 * size. Part of the product editor's one form: nothing here saves by itself. A size is never deleted
 * (orders point at it): "Offered" off retires it. Errors are keyed <size>.<field>.
 */
export function SizeTable({
  currency,
  onCurrency,
  rows,
  onRow,
  newSize,
  onNewSize,
  newRow,
  onNewRow,
  errors,
  changed,
}: {
  rows: SizeRows;
  onRow: (size: string, patch: Partial<SizeRow>) => void;
  newSize: string;
  onNewSize: (size: string) => void;
  newRow: SizeRow;
  onNewRow: (patch: Partial<SizeRow>) => void;
  errors: FieldErrors;
  changed: boolean;
  currency: PriceEntryCurrency;
  onCurrency: (currency: PriceEntryCurrency) => void;
}) {
  const inr = currency === "INR";
  const missing = PRODUCT_SIZES.filter((size) => !rows[size]);
  const price = (size: string, row: SizeRow, field: PriceField, onChange: (patch: Partial<SizeRow>) => void) => {
    const name = field === "mrp" ? "MRP" : "Offer price";
    const key = inr ? (`${field}_inr` as const) : field;
    return (
      <td className="px-2 py-2">
        <OptionalNumberField
          hideLabel
          decimal={!inr}
          id={sizeFieldId(size, key)}
          label={`${name}${inr ? " in rupees" : ""}, size ${sizeLabel(size)}`}
          value={row[key]}
          min={0}
          max={inr ? INR_PRICE_MAX : MAX}
          error={errors[`${size}.${key}`] ?? errors[`${size}.${field}`]}
          onChange={(v) => onChange(typedPrice(field, currency, v))}
        />
        {inr ? <UsdFromInrHint inr={row[key]} /> : <InrHint usd={row[field]} />}
      </td>
    );
  };
  const cells = (size: string, row: SizeRow, onChange: (patch: Partial<SizeRow>) => void) => (
    <>
      {price(size, row, "offer_price", onChange)}
      {price(size, row, "mrp", onChange)}
      <td className="px-2 py-2">
        <OptionalNumberField
          hideLabel
          id={sizeFieldId(size, "quantity")}
          label={`Stock, size ${sizeLabel(size)}`}
          value={row.quantity}
          min={0}
          max={MAX}
          error={errors[`${size}.quantity`]}
          onChange={(v) => onChange({ quantity: v })}
        />
      </td>
      <td className="px-2 py-3">
        <label className="flex items-center gap-2">
          <input
            id={sizeFieldId(size, "offered")}
            type="checkbox"
            aria-label={`Offered, size ${sizeLabel(size)}`}
            checked={row.offered}
            onChange={(event) => onChange({ offered: event.target.checked })}
            className="h-5 w-5 flex-none accent-indigo-ink"
          />
          <span aria-hidden="true">{row.offered ? "For sale" : "Retired"}</span>
        </label>
      </td>
    </>
  );

  return (
    <section aria-labelledby="sizes-title" className={CARD}>
      <h2 id="sizes-title" className={SECTION_TITLE}>
        Sizes, prices and stock{changed && <UnsavedMark />}
      </h2>
      <PriceEntryChoice value={currency} onChange={onCurrency} />
      <p className="mt-2 text-sm text-charcoal/80">
        {inr
          ? "Prices in whole rupees, ending in 9; the shop stores the USD price under each, from which it derives the rupees."
          : "Prices in US dollars (cents allowed); the INR price under each is what shoppers in India see."}{" "}
        To stop selling a size, untick Offered: it is kept for past orders. &ldquo;One size&rdquo; is for a product sold
        in a single size.
      </p>
      {/* Only the table scrolls sideways on a phone, never the page. "relative" keeps the screen-reader-only
          labels (absolutely placed) inside the scrolling box; otherwise they widen the page. */}
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">Prices and stock per size</caption>
          <thead className="text-xs uppercase tracking-wide text-charcoal/75">
            <tr>
              {["Size", `Offer price (${currency})`, `MRP (${currency})`, "Stock", "Offered"].map((h) => (
                <th key={h} scope="col" className="px-2 py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-linen">
            {Object.entries(rows).map(([size, row]) => (
              <tr key={size} className={`align-top ${row.offered ? "" : "bg-linen/40"}`}>
                <th scope="row" className="px-2 py-3 font-semibold">
                  {sizeLabel(size)}
                </th>
                {cells(size, row, (patch) => onRow(size, patch))}
              </tr>
            ))}
            {missing.length > 0 && (
              <tr className="align-top bg-cream/60">
                <th scope="row" className="px-2 py-2 font-normal">
                  <SelectInput
                    hideLabel
                    id="size-new"
                    label="Add a size"
                    value={newSize}
                    onChange={onNewSize}
                    options={[
                      { value: "", label: "Add a size..." },
                      ...missing.map((s) => ({ value: s, label: sizeLabel(s) })),
                    ]}
                  />
                </th>
                {newSize ? (
                  cells(newSize, newRow, onNewRow)
                ) : (
                  <td colSpan={4} className="px-2 py-3 text-charcoal/70">
                    Choose a size to add it with its prices and stock.
                  </td>
                )}
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Unsaved changes" next to an area's title, so the seller sees what the one save will send. */
export function UnsavedMark() {
  return (
    <span className="ml-3 rounded-full bg-turmeric/25 px-2 py-0.5 align-middle text-xs font-semibold text-charcoal">
      Unsaved changes
    </span>
  );
}
