import { CATEGORIES, PRODUCT_MEDIA_FIELDS, SUBCATEGORIES, type ProductMediaField } from "@store/shared";
import type { ReactNode } from "react";
import { titleCase } from "../product/category-copy";
import type { FieldErrors } from "./failures";
import { CheckboxInput, SelectInput, TextArea, TextInput, type Option } from "./form-controls";
import { MEDIA_HINT, MediaField } from "./media-field";
import { ProductTaxFields } from "./product-tax-fields";
import { fieldId, type ProductDetails } from "./product-values";
import { UnsavedMark } from "./size-table";
import { CARD, SECTION_TITLE } from "./styles";

type Flag = "is_active" | "new_arrival" | "top_selling";

const FLAG_LABELS: Record<Flag, { label: string; hint: string }> = {
  is_active: { label: "Active", hint: "Shown in the shop and in search" },
  new_arrival: { label: "New arrival", hint: "Marked as new in the shop" },
  top_selling: { label: "Top selling", hint: "Listed with the popular products on the home page" },
};

const MEDIA_LABELS: Record<ProductMediaField, string> = {
  main_image: "Main image",
  second_media: "Second image",
  third_media: "Third image",
  fourth_media: "Fourth image",
  fifth_media: "Fifth image",
};

const CATEGORY_OPTIONS: Option[] = [
  { value: "", label: "Choose a category" },
  ...CATEGORIES.map((c) => ({ value: String(c.id), label: c.name })),
];

function subcategoryOptions(category: string): Option[] {
  const subs = SUBCATEGORIES.filter((s) => String(s.categoryId) === category);
  const none = !category ? "Choose a category first" : subs.length ? "None (the whole category)" : "No subcategories";
  return [{ value: "", label: none }, ...subs.map((s) => ({ value: String(s.id), label: titleCase(s.name) }))];
}

type ShippingField =
  "shipping_grams" | "package_length_cm" | "package_width_cm" | "package_height_cm" | "handling_inr" | "handling_usd";

/**
 * How one piece ships (decision 080): its packed weight, its package where its size matters to the courier
 * (volumetric weight: length x width x height / 5000), and the handling surcharge added to shipping abroad.
 */
function ProductShippingFields({
  values,
  set,
  errors,
}: {
  values: ProductDetails;
  set: SetDetail;
  errors: FieldErrors;
}) {
  const input = (field: ShippingField, label: string, hint?: string) => (
    <TextInput
      id={fieldId(field)}
      label={label}
      inputMode="numeric"
      value={values[field]}
      error={errors[field]}
      onChange={(v) => set(field, v)}
      hint={hint}
    />
  );
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-charcoal">Shipping</legend>
      {input("shipping_grams", "Packed weight (g)", "One piece as it ships, in grams")}
      {input("handling_inr", "Handling abroad (₹)", "Added per piece to international shipping; 0: none")}
      {input("handling_usd", "Handling abroad ($)", "The same in whole US dollars")}
      {input("package_length_cm", "Package length (cm)", "Only where its size matters (e.g. furniture, lamps)")}
      {input("package_width_cm", "Package width (cm)")}
      {input("package_height_cm", "Package height (cm)", "All three sides, or leave them empty")}
    </fieldset>
  );
}

/**
 * Made to order (decision 099): the days to make a piece (empty: a stocked piece), what the product page asks
 * the shopper to write with it, whether that is required, and whether the piece may be returned.
 */
function ProductMadeToOrderFields({
  values,
  set,
  errors,
}: {
  values: ProductDetails;
  set: SetDetail;
  errors: FieldErrors;
}) {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-charcoal">Made to order</legend>
      <TextInput
        id={fieldId("made_to_order_days")}
        label="Days to make it"
        inputMode="numeric"
        value={values.made_to_order_days}
        error={errors.made_to_order_days}
        onChange={(v) => set("made_to_order_days", v)}
        hint="1 to 180; empty: a stocked piece. Stock still counts: how many you will take orders for"
      />
      <TextInput
        id={fieldId("made_to_order_prompt")}
        label="What to ask the shopper"
        value={values.made_to_order_prompt}
        error={errors.made_to_order_prompt}
        onChange={(v) => set("made_to_order_prompt", v)}
        hint='e.g. "Your measurements: chest, waist, length"; empty: no notes field'
      />
      <CheckboxInput
        id={fieldId("made_to_order_notes_required")}
        label="Notes required"
        checked={values.made_to_order_notes_required}
        onChange={(v) => set("made_to_order_notes_required", v)}
        hint="The piece cannot be added to the cart without them"
      />
      <CheckboxInput
        id={fieldId("made_to_order_returnable")}
        label="Returnable"
        checked={values.made_to_order_returnable}
        onChange={(v) => set("made_to_order_returnable", v)}
        hint="Off: the product page says it cannot be returned, and returns are refused"
      />
      {errors.made_to_order_notes_required && (
        <p role="alert" className="text-sm text-madder sm:col-span-2">
          {errors.made_to_order_notes_required}
        </p>
      )}
    </fieldset>
  );
}

export type SetDetail = <K extends keyof ProductDetails>(field: K, value: ProductDetails[K]) => void;

/**
 * The add-item fields every product form shares (add and edit): name, code, category and subcategory,
 * the flags asked for, description, remarks, search-engine texts and the images. `pricing` sits between
 * the product and its images (the add form's size, quantity and prices; the editor's size table);
 * `images` replaces the five slots (the editor's ordered list with alt texts). The star rating is not
 * typed by the seller: it comes from reviews.
 */
export function ProductFields({
  values,
  set,
  errors,
  flags,
  pricing,
  images,
  codeHint = "A number, unique in the shop",
  changed = false,
  taxRuleName,
}: {
  values: ProductDetails;
  set: SetDetail;
  errors: FieldErrors;
  flags: readonly Flag[];
  pricing?: ReactNode;
  images?: ReactNode;
  codeHint?: string;
  /** The editor marks the area when it holds unsaved changes. */
  changed?: boolean;
  /** The stored rule's name, for the select while the rules load. */
  taxRuleName?: string;
}) {
  const text = (field: "product_name" | "product_code" | "remarks" | "seo_title" | "colour" | "material") => ({
    id: fieldId(field),
    value: values[field],
    error: errors[field],
    onChange: (v: string) => set(field, v),
  });
  return (
    <div className="space-y-6">
      <fieldset className={CARD}>
        <legend className={`${SECTION_TITLE} float-left mb-4 w-full`}>Product{changed && <UnsavedMark />}</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <TextInput {...text("product_name")} label="Product name" required className="sm:col-span-2" />
          <TextInput {...text("product_code")} label="Product code" inputMode="numeric" required hint={codeHint} />
          <SelectInput
            id={fieldId("category")}
            label="Category"
            required
            value={values.category}
            options={CATEGORY_OPTIONS}
            error={errors.category}
            onChange={(v) => {
              set("category", v);
              // A subcategory belongs to one category; a new category starts without one.
              set("subcategory", "");
            }}
          />
          <SelectInput
            id={fieldId("subcategory")}
            label="Subcategory"
            value={values.subcategory}
            options={subcategoryOptions(values.category)}
            error={errors.subcategory}
            onChange={(v) => set("subcategory", v)}
          />
          <TextInput {...text("colour")} label="Colour" hint="For the shop's colour filter, e.g. Indigo" />
          <TextInput {...text("material")} label="Material" hint="For the shop's material filter, e.g. Cotton" />
          <ProductShippingFields values={values} set={set} errors={errors} />
          <ProductMadeToOrderFields values={values} set={set} errors={errors} />
          <ProductTaxFields
            hsn={values.hsn_code}
            ruleId={values.tax_rule_id}
            ruleName={taxRuleName}
            subcategory={values.subcategory}
            errors={errors}
            idOf={fieldId}
            onHsn={(v) => set("hsn_code", v)}
            onRule={(v) => set("tax_rule_id", v)}
          />
          <TextArea
            id={fieldId("description")}
            label="Description"
            required
            rows={5}
            value={values.description}
            error={errors.description}
            onChange={(v) => set("description", v)}
            className="sm:col-span-2"
          />
          <TextArea
            id={fieldId("remarks")}
            label="Remarks"
            rows={2}
            value={values.remarks}
            error={errors.remarks}
            onChange={(v) => set("remarks", v)}
            hint="For the shop's staff; not shown to shoppers"
            className="sm:col-span-2"
          />
          <TextInput
            {...text("seo_title")}
            label="SEO title"
            hint="The product page's title in search results (about 60 characters); empty: the product name"
            className="sm:col-span-2"
          />
          <TextArea
            id={fieldId("seo_description")}
            label="SEO description"
            rows={2}
            value={values.seo_description}
            error={errors.seo_description}
            onChange={(v) => set("seo_description", v)}
            hint="The summary search engines show (about 160 characters); empty: the start of the description"
            className="sm:col-span-2"
          />
        </div>
        {flags.length > 0 && (
          <div className="mt-5 grid gap-3 border-t border-linen pt-4 sm:grid-cols-3">
            {flags.map((flag) => (
              <CheckboxInput
                key={flag}
                id={fieldId(flag)}
                {...FLAG_LABELS[flag]}
                checked={values[flag]}
                onChange={(v) => set(flag, v)}
              />
            ))}
          </div>
        )}
      </fieldset>
      {pricing}
      {images ?? (
        <fieldset className={CARD}>
          <legend className={`${SECTION_TITLE} float-left mb-1 w-full`}>Images</legend>
          <p className="clear-both mb-4 text-sm text-charcoal/80">
            {MEDIA_HINT}. The main image is the one shop cards show.
          </p>
          <div className="grid gap-4">
            {PRODUCT_MEDIA_FIELDS.map((field) => (
              <MediaField
                key={field}
                id={fieldId(field)}
                label={MEDIA_LABELS[field]}
                value={values[field]}
                error={errors[field]}
                onChange={(v) => set(field, v)}
              />
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
