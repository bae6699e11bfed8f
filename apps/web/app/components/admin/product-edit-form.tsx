import { INR_PER_USD, PRODUCT_MEDIA_FIELDS, productPatchSchema, type AdminProduct } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { ConfirmDialog } from "./confirm-dialog";
import { fieldsFromIssues, type FieldErrors } from "./failures";
import { ProductFields, type SetDetail } from "./product-fields";
import { imageFieldId, ProductImages, type ImageRow } from "./product-images";
import { RupeeTarget } from "./product-inr";
import {
  changedDetails,
  detailsOf,
  FIELD_ORDER,
  fieldId,
  keepEditsSince,
  rupeesOnly,
  type ProductDetails,
} from "./product-values";
import { blankRow, rowsOf, sizeChanges, sizeFieldId, SizeTable, type SizeRow, type SizeRows } from "./size-table";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

type Baseline = { details: ProductDetails; rows: SizeRows; images: ImageRow[] };
const baselineOf = (product: AdminProduct): Baseline => ({
  details: detailsOf(product),
  rows: rowsOf(product),
  images: product.images.map((i) => ({ url: i.url, alt: i.alt })),
});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
// The editor sends the ordered image list; the five slots are the add form's way of saying the same.
const SLOT_FIELDS = new Set<string>(PRODUCT_MEDIA_FIELDS);

/**
 * The whole product in one form with one save: details, every size's prices, stock and whether it is
 * still offered, the images with their order and alt texts, and the search-engine texts. Only changed
 * fields are sent (the audit log then shows what the seller meant to change). Unsaved changes are marked
 * on each area, and leaving the page with them asks first (in the app, and on reload or closing the tab).
 */
export function ProductEditForm({
  product,
  onSaved,
}: {
  product: AdminProduct;
  onSaved: (product: AdminProduct, message: string) => void;
}) {
  const [saved, setSaved] = useState<Baseline>(() => baselineOf(product));
  const [values, setValues] = useState<ProductDetails>(saved.details);
  const [rows, setRows] = useState<SizeRows>(saved.rows);
  const [newSize, setNewSize] = useState("");
  const [newRow, setNewRow] = useState<SizeRow>(blankRow);
  const [images, setImages] = useState<ImageRow[]>(saved.images);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAdminAction();
  const sentSizes = useRef<string[]>([]);
  // The form as last rendered, read when a save returns (the seller may have typed while it was in flight).
  const latest = useRef({ details: values, rows, images, newSize, newRow });
  latest.current = { details: values, rows, images, newSize, newRow };

  const detailChanges = Object.fromEntries(
    Object.entries(changedDetails(saved.details, values)).filter(([key]) => !SLOT_FIELDS.has(key)),
  );
  const currency = values.price_entry_currency;
  // Each size's changed fields, prices in the currency the seller types for this product.
  const changedRows = Object.entries(rows)
    .map(([size, row]) => [size, sizeChanges(saved.rows[size], row, currency)] as const)
    .filter(([, changes]) => Object.keys(changes).length > 0);
  const keptImages = images.filter((i) => i.url.trim() !== "");
  const imagesChanged = !same(keptImages, saved.images);
  const sizesChanged = changedRows.length > 0 || newSize !== "";
  const dirty = Object.keys(detailChanges).length > 0 || sizesChanged || imagesChanged;

  // Leaving with unsaved changes: React Router asks through the blocker, the browser through beforeunload.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !action.busy && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const clear = (key: string) => setErrors((current) => ({ ...current, [key]: "" }));
  const set: SetDetail = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  };
  const setRow = (size: string, patch: Partial<SizeRow>) => {
    setRows((current) => ({ ...current, [size]: { ...(current[size] ?? blankRow()), ...patch } }));
    Object.keys(patch).forEach((field) => clear(`${size}.${field}`));
  };

  const serverErrors = toEditorErrors(action.failure?.fields ?? {}, sentSizes.current);
  const shown: FieldErrors = {
    ...serverErrors,
    ...Object.fromEntries(Object.entries(errors).filter(([, m]) => m)),
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty) {
      action.setFailure({ message: "Nothing has changed.", fields: {} });
      return;
    }
    const added = [newSize, sizeChanges(undefined, newRow, currency)] as const;
    const sizeEntries = newSize ? [...changedRows, added] : changedRows;
    // Errors come back as sizes.<index>.<field>; the order sent maps them to the size they are about.
    sentSizes.current = sizeEntries.map(([size]) => size);
    const missingStock = sizeEntries.find(([, row]) => row.quantity === null);
    const body = {
      ...detailChanges,
      ...(sizeEntries.length > 0 && { sizes: sizeEntries.map(([size, row]) => ({ size, ...row })) }),
      ...(imagesChanged && { images: keptImages }),
    };
    const parsed = productPatchSchema.safeParse(body);
    const fields = parsed.success ? {} : toEditorErrors(fieldsFromIssues(parsed.error.issues), sentSizes.current);
    if (missingStock) fields[`${missingStock[0]}.quantity`] = "Enter the stock as a number";
    if (!parsed.success || missingStock) {
      setErrors(fields);
      action.setFailure({ message: "Please correct the marked fields; nothing was saved.", fields: {} });
      focusFirst(fields);
      return;
    }
    setErrors({});
    // What the form held when the save began: a field changed since then is the seller's newer word.
    const sent = { ...latest.current };
    const result = await action.run(() =>
      adminApi.patch<AdminProduct>(`/api/admin/products/${product.id}`, rupeesOnly(parsed.data)),
    );
    if (!result) return;
    const next = baselineOf(result);
    setSaved(next);
    const now = latest.current;
    setValues(keepEditsSince(sent.details, now.details, next.details));
    const addedNow = sent.newSize !== "" && now.newSize === sent.newSize;
    setRows(rowsAfterSave(sent, addedNow ? { ...now.rows, [sent.newSize]: now.newRow } : now.rows, next.rows));
    setImages(same(now.images, sent.images) ? next.images : now.images);
    // The new size, once saved, is one of the rows above; a size chosen while saving stays to be added.
    if (addedNow || sent.newSize === now.newSize) {
      setNewSize("");
      setNewRow(blankRow());
    }
    onSaved(result, "Product saved.");
  }

  useEffect(() => {
    if (action.failure) focusFirst(serverErrors);
    // Only when a new failure arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [action.failure]);

  const pricing = (
    <>
      <SizeTable
        currency={currency}
        onCurrency={(next) => set("price_entry_currency", next)}
        rows={rows}
        onRow={setRow}
        newSize={newSize}
        onNewSize={setNewSize}
        newRow={newRow}
        onNewRow={(patch) => setNewRow((r) => ({ ...r, ...patch }))}
        errors={shown}
        changed={sizesChanged}
      />
      {/* Typing rupees needs no helper: each price field says the USD price it is stored as. */}
      {currency === "USD" && (
        <section aria-labelledby="rupee-title" className={CARD}>
          <h2 id="rupee-title" className={SECTION_TITLE}>
            Price from rupees
          </h2>
          <p className="mt-1 mb-3 text-sm text-charcoal/80">
            The shop derives INR from the USD price (x{INR_PER_USD}, rounded up to end in 9). Find the USD price for a
            rupee price here, then type it into a size above.
          </p>
          <RupeeTarget />
        </section>
      )}
    </>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Edit product" aria-busy={action.busy} className="space-y-6">
      <ProductFields
        values={values}
        set={set}
        errors={shown}
        flags={["new_arrival"]}
        changed={Object.keys(detailChanges).length > 0}
        taxRuleName={product.tax_rule_name ?? undefined}
        pricing={pricing}
        images={<ProductImages images={images} onChange={setImages} errors={shown} changed={imagesChanged} />}
      />
      {/* Stays in view while scrolling, so the one save and the unsaved state are always at hand. */}
      <div className="sticky bottom-0 z-10 -mx-2 flex flex-wrap items-center gap-3 rounded-t-2xl bg-cream/95 px-2 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)]">
        <button type="submit" className={`${BUTTON_PRIMARY} px-8 py-3 text-base`} disabled={action.busy}>
          {action.busy ? "Saving..." : "Save product"}
        </button>
        <p role="status" className="text-sm font-semibold text-charcoal">
          {dirty ? "Unsaved changes" : "All changes saved"}
        </p>
        {action.failure && (
          <div className="w-full">
            <FormMessage tone="error">{action.failure.message}</FormMessage>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        cancelLabel="Stay on this page"
        danger
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        <p>This product has changes that are not saved. They are lost if you leave now.</p>
      </ConfirmDialog>
    </form>
  );
}

/**
 * The size rows after a save: stored values, except fields changed while it was in flight. A size added
 * by this save was edited in the "new size" row, so that row's values are what was sent for it.
 */
function rowsAfterSave(
  sent: { rows: SizeRows; newSize: string; newRow: SizeRow },
  current: SizeRows,
  stored: SizeRows,
): SizeRows {
  return Object.fromEntries(
    Object.entries(stored).map(([size, row]) => {
      const sentRow = sent.rows[size] ?? (size === sent.newSize ? sent.newRow : row);
      return [size, keepEditsSince(sentRow, current[size] ?? sentRow, row)];
    }),
  );
}

/** sizes.<index>.<field> (the schema's and the server's) keyed <size>.<field>, by the order the save sent. */
function toEditorErrors(fields: FieldErrors, order: readonly string[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => {
      const [head, index, field] = path.split(".");
      return head === "sizes" ? [`${order[Number(index)] ?? ""}.${field ?? ""}`, message] : [path, message];
    }),
  );
}

/** Focus on the first field with an error: details in screen order, then sizes, then images. */
function focusFirst(fields: FieldErrors): void {
  const detail = FIELD_ORDER.find((field) => fields[field]);
  if (detail) {
    document.getElementById(fieldId(detail))?.focus();
    return;
  }
  const key = Object.keys(fields).find((k) => fields[k]);
  if (!key) return;
  const image = /^images\.(\d+)\.(url|alt)$/.exec(key);
  const [size, field] = key.split(".");
  const id = image ? imageFieldId(Number(image[1]), image[2] as "url" | "alt") : sizeFieldId(size ?? "", field ?? "");
  document.getElementById(id)?.focus();
}
