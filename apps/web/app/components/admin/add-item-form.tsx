import { ADD_ITEM_SIZES, INR_PRICE_MAX, productCreateSchema, type AdminProduct } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { SelectInput } from "./form-controls";
import { OptionalNumberField } from "./optional-number-input";
import { InrHint, PriceEntryChoice, RupeeTarget, UsdFromInrHint } from "./product-inr";
import { ProductFields, type SetDetail } from "./product-fields";
import {
  FIELD_ORDER,
  fieldId,
  newDraft,
  readDraft,
  rupeesOnly,
  writeDraft,
  type AddItemSize,
  type ItemDraft,
} from "./product-values";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

const SIZE_OPTIONS = ADD_ITEM_SIZES.map((s) => ({ value: s.value, label: s.label }));
const PRICE_MAX = 1_000_000;

/**
 * The spec's add-item form, creating the product through the admin API. The unsent draft is kept in
 * browser storage under `items` on every change (spec) and restored on the next visit; a created product
 * clears it. The shared schema checks the form first, so its texts show without a round trip.
 */
export function AddItemForm() {
  // Mounted only in the browser, behind the admin check, so storage can be read at once.
  const [draft, setDraft] = useState<ItemDraft>(readDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<AdminProduct | null>(null);
  const action = useAdminAction();
  const edited = useRef(false);
  const createdTitle = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (edited.current) writeDraft(draft);
  }, [draft]);

  // The server's field errors (a product code in use) take the user to the first one.
  useEffect(() => {
    if (action.failure) focusFirstError(FIELD_ORDER, action.failure.fields, fieldId);
  }, [action.failure]);

  useEffect(() => {
    if (created) createdTitle.current?.focus();
  }, [created]);

  // The next free product code, suggested while the field is empty (a kept draft's code stays).
  const [suggested, setSuggested] = useState<number | null>(null);
  useEffect(() => {
    if (created) return;
    let live = true;
    adminApi
      .get<{ product_code: number }>("/api/admin/products/next-code")
      .then((next) => {
        if (!live) return;
        setSuggested(next.product_code);
        setDraft((current) =>
          current.product_code ? current : { ...current, product_code: String(next.product_code) },
        );
      })
      .catch(() => undefined); // Only a suggestion: the seller can still type a code.
    return () => {
      live = false;
    };
  }, [created]);

  const set = <K extends keyof ItemDraft>(field: K, value: ItemDraft[K]) => {
    edited.current = true;
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: "" }));
  };
  // The shared product fields set only detail fields, which are draft fields too.
  const setDetail: SetDetail = (field, value) => set<keyof ItemDraft>(field, value);
  const shown: FieldErrors = {
    ...action.failure?.fields,
    ...Object.fromEntries(Object.entries(errors).filter(([, m]) => m)),
  };

  const inr = draft.price_entry_currency === "INR";
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    action.setFailure(null);
    // Only the currency chosen is sent; the other one's values stay in the draft for switching back.
    const parsed = productCreateSchema.safeParse(
      inr ? { ...draft, offer_price: null, mrp: null } : { ...draft, offer_price_inr: null, mrp_inr: null },
    );
    if (!parsed.success) {
      const fields = fieldsFromIssues(parsed.error.issues);
      setErrors(fields);
      focusFirstError(FIELD_ORDER, fields, fieldId);
      return;
    }
    setErrors({});
    const body = inr ? rupeesOnly(parsed.data) : parsed.data;
    const product = await action.run(() => adminApi.post<AdminProduct>("/api/admin/products", body));
    if (!product) return;
    edited.current = false;
    writeDraft(null);
    setDraft(newDraft());
    setCreated(product);
  }

  function addAnother() {
    setCreated(null);
    // The form comes back on the next render; start typing in its first field.
    requestAnimationFrame(() => document.getElementById(fieldId("product_name"))?.focus());
  }

  if (created) {
    return (
      <section aria-labelledby="item-created" className={`${CARD} border-l-4 border-sage`}>
        <h2 id="item-created" ref={createdTitle} tabIndex={-1} className={`${SECTION_TITLE} focus:outline-none`}>
          Product added
        </h2>
        <p role="status" className="mt-2">
          &ldquo;{created.product_name}&rdquo; (code {created.product_code}) is saved
          {created.is_active
            ? " and in the shop now"
            : " as a draft: shoppers do not see it until you activate it on its edit page"}
          .
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to={`/product/${created.id}`} className={BUTTON_PRIMARY}>
            View in shop
          </Link>
          <Link to={`/admin/products/${created.id}`} className={BUTTON_SECONDARY}>
            Edit product
          </Link>
          <button type="button" className={BUTTON_SECONDARY} onClick={addAnother}>
            Add another
          </button>
        </div>
      </section>
    );
  }

  const pricing = (
    <fieldset className={CARD}>
      <legend className={`${SECTION_TITLE} float-left mb-1 w-full`}>Size, stock and price</legend>
      <div className="clear-both">
        <PriceEntryChoice value={draft.price_entry_currency} onChange={(c) => set("price_entry_currency", c)} />
      </div>
      <p className="mb-4 mt-2 text-sm text-charcoal/80">
        {inr
          ? "Prices in whole rupees, ending in 9; the shop stores the USD price shown under each."
          : "Prices are in US dollars (cents allowed); the shop shows INR from them, as below."}{" "}
        More sizes can be added after saving.
      </p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <SelectInput
          id={fieldId("size")}
          label="Size"
          value={draft.size}
          options={SIZE_OPTIONS}
          error={shown.size}
          onChange={(v) => set("size", v as AddItemSize)}
        />
        <OptionalNumberField
          id={fieldId("quantity")}
          label="Quantity"
          value={draft.quantity}
          min={0}
          max={PRICE_MAX}
          error={shown.quantity}
          onChange={(v) => set("quantity", v)}
        />
        {(["offer_price", "mrp"] as const).map((field) => {
          const name = field === "mrp" ? "MRP" : "Offer price";
          const key = inr ? (`${field}_inr` as const) : field;
          return (
            <div key={field}>
              <OptionalNumberField
                id={fieldId(key)}
                label={`${name} (${inr ? "₹" : "USD"})`}
                required
                decimal={!inr}
                value={draft[key]}
                min={0}
                max={inr ? INR_PRICE_MAX : PRICE_MAX}
                error={shown[key] ?? shown[field]}
                onChange={(v) => set(key, v)}
              />
              {inr ? <UsdFromInrHint inr={draft[key]} /> : <InrHint usd={draft[field]} />}
            </div>
          );
        })}
      </div>
      {!inr && (
        <div className="mt-4">
          <RupeeTarget useLabel="Offer price" onUse={(usd) => set("offer_price", usd)} />
        </div>
      )}
    </fieldset>
  );

  return (
    <form noValidate onSubmit={submit} aria-busy={action.busy} aria-label="Add a product" className="space-y-6">
      <ProductFields
        values={draft}
        set={setDetail}
        errors={shown}
        flags={["is_active", "new_arrival", "top_selling"]}
        pricing={pricing}
        codeHint={
          suggested === null
            ? "A number, unique in the shop"
            : `A number, unique in the shop; the next free one is ${suggested}`
        }
      />
      {action.failure && <FormMessage tone="error">{action.failure.message}</FormMessage>}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={`${BUTTON_PRIMARY} px-8 py-3 text-base`} disabled={action.busy}>
          {action.busy ? "Saving..." : "Add product"}
        </button>
        <p className="text-sm text-charcoal/75">
          Your unsaved entries are kept in this browser until the product is added.
        </p>
      </div>
    </form>
  );
}
