import { ADD_ITEM_DEFAULTS, PRODUCT_SIZES, productPatchSchema, type AdminProduct } from "@store/shared";
import { useRef, useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, type FieldErrors } from "./failures";
import { NumberField, SelectInput } from "./form-controls";
import { OptionalNumberField } from "./optional-number-input";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

type Row = { offer_price: number | null; mrp: number | null; quantity: number };
type SizeRows = Record<string, Row>;

const MAX = 1_000_000;
const rowsOf = (product: AdminProduct): SizeRows =>
  Object.fromEntries(
    product.sizes.map((s) => [s.size, { offer_price: s.offer_price, mrp: s.mrp, quantity: s.quantity }]),
  );
const blankRow = (): Row => ({ offer_price: null, mrp: null, quantity: ADD_ITEM_DEFAULTS.quantity });

/**
 * Each size's own prices (whole US dollars) and stock, and a new size. Only changed sizes are sent. A size
 * is never deleted (orders point at it): setting its stock to 0 retires it.
 */
export function SizeTable({
  product,
  onSaved,
}: {
  product: AdminProduct;
  onSaved: (product: AdminProduct, message: string) => void;
}) {
  const [rows, setRows] = useState<SizeRows>(() => rowsOf(product));
  const [newSize, setNewSize] = useState("");
  const [newRow, setNewRow] = useState<Row>(blankRow);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAdminAction();
  const sent = useRef<string[]>([]);
  const stored = rowsOf(product);
  const missing = PRODUCT_SIZES.filter((size) => !stored[size]);

  const setRow = (size: string, patch: Partial<Row>) =>
    setRows((current) => ({ ...current, [size]: { ...(current[size] ?? blankRow()), ...patch } }));

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changed = Object.entries(rows).filter(([size, row]) => JSON.stringify(row) !== JSON.stringify(stored[size]));
    const entries = newSize ? [...changed, [newSize, newRow] as const] : changed;
    if (entries.length === 0) {
      action.setFailure({ message: "Nothing has changed.", fields: {} });
      return;
    }
    // Errors come back as sizes.<index>.<field>; `sent` maps the index to the size it is about.
    sent.current = entries.map(([size]) => size);
    const body = { sizes: entries.map(([size, row]) => ({ size, ...row })) };
    const parsed = productPatchSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(toRowErrors(fieldsFromIssues(parsed.error.issues), sent.current));
      return;
    }
    setErrors({});
    const saved = await action.run(() =>
      adminApi.patch<AdminProduct>(`/api/admin/products/${product.id}`, parsed.data),
    );
    if (!saved) return;
    setRows(rowsOf(saved));
    setNewSize("");
    setNewRow(blankRow());
    onSaved(saved, "Sizes, prices and stock saved.");
  }

  const shown = { ...toRowErrors(action.failure?.fields ?? {}, sent.current), ...errors };
  const cells = (size: string, row: Row, onChange: (patch: Partial<Row>) => void) => {
    const id = (field: string) => `size-${size}-${field}`;
    return (
      <>
        <td className="px-3 py-2">
          <OptionalNumberField
            hideLabel
            id={id("offer_price")}
            label={`Offer price, size ${size}`}
            value={row.offer_price}
            min={0}
            max={MAX}
            error={shown[`${size}.offer_price`]}
            onChange={(v) => onChange({ offer_price: v })}
          />
        </td>
        <td className="px-3 py-2">
          <OptionalNumberField
            hideLabel
            id={id("mrp")}
            label={`MRP, size ${size}`}
            value={row.mrp}
            min={0}
            max={MAX}
            error={shown[`${size}.mrp`]}
            onChange={(v) => onChange({ mrp: v })}
          />
        </td>
        <td className="px-3 py-2">
          <NumberField
            hideLabel
            id={id("quantity")}
            label={`Stock, size ${size}`}
            value={row.quantity}
            min={0}
            max={MAX}
            error={shown[`${size}.quantity`]}
            onChange={(v) => onChange({ quantity: v })}
          />
        </td>
      </>
    );
  };

  return (
    <form noValidate onSubmit={save} aria-labelledby="sizes-title" className={CARD}>
      <h2 id="sizes-title" className={SECTION_TITLE}>
        Sizes, prices and stock
      </h2>
      <p className="mt-1 text-sm text-charcoal/80">
        Prices in whole US dollars. To stop selling a size, set its stock to 0.
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">Prices and stock per size</caption>
          <thead className="text-xs uppercase tracking-wide text-charcoal/75">
            <tr>
              <th scope="col" className="px-3 py-2">
                Size
              </th>
              <th scope="col" className="px-3 py-2">
                Offer price
              </th>
              <th scope="col" className="px-3 py-2">
                MRP
              </th>
              <th scope="col" className="px-3 py-2">
                Stock
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-linen">
            {Object.entries(rows).map(([size, row]) => (
              <tr key={size} className="align-top">
                <th scope="row" className="px-3 py-3 font-semibold">
                  {size}
                </th>
                {cells(size, row, (patch) => setRow(size, patch))}
              </tr>
            ))}
            {missing.length > 0 && (
              <tr className="align-top bg-cream/60">
                <th scope="row" className="px-3 py-2 font-normal">
                  <SelectInput
                    hideLabel
                    id="size-new"
                    label="Add a size"
                    value={newSize}
                    onChange={setNewSize}
                    options={[{ value: "", label: "Add a size..." }, ...missing.map((s) => ({ value: s, label: s }))]}
                  />
                </th>
                {newSize ? (
                  cells(newSize, newRow, (patch) => setNewRow((r) => ({ ...r, ...patch })))
                ) : (
                  <td colSpan={3} className="px-3 py-3 text-charcoal/70">
                    Choose a size to add it with its prices and stock.
                  </td>
                )}
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {action.failure && (
        <div className="mt-4">
          <FormMessage tone="error">{action.failure.message}</FormMessage>
        </div>
      )}
      <button type="submit" className={`${BUTTON_PRIMARY} mt-4`} disabled={action.busy}>
        {action.busy ? "Saving..." : "Save sizes"}
      </button>
    </form>
  );
}

/** sizes.<index>.<field> errors (the schema's and the server's) keyed <size>.<field>, by the order the save sent. */
function toRowErrors(fields: FieldErrors, order: readonly string[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => {
      const [, index, field] = path.split(".");
      return [`${order[Number(index)] ?? ""}.${field ?? ""}`, message];
    }),
  );
}
