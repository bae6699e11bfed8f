import { CATEGORIES, PRODUCT_MEDIA_FIELDS, RATING_MAX, SUBCATEGORIES, type ProductMediaField } from "@store/shared";
import type { ReactNode } from "react";
import { titleCase } from "../product/category-copy";
import type { FieldErrors } from "./failures";
import { CheckboxInput, SelectInput, TextArea, TextInput, type Option } from "./form-controls";
import { MEDIA_HINT, MediaField } from "./media-field";
import { fieldId, type ProductDetails } from "./product-values";
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

/** 1 to 5 (spec: rating as text), plus a stored rating between whole numbers so an edit does not lose it. */
function ratingOptions(current: string): Option[] {
  const whole = Array.from({ length: RATING_MAX }, (_, i) => String(i + 1));
  const values = current && !whole.includes(current) ? [...whole, current].sort() : whole;
  return [{ value: "", label: "Not rated" }, ...values.map((v) => ({ value: v, label: `${v} of ${RATING_MAX}` }))];
}

export type SetDetail = <K extends keyof ProductDetails>(field: K, value: ProductDetails[K]) => void;

/**
 * The add-item fields every product form shares (add and edit): name, code, category and subcategory,
 * the flags asked for, description, rating, remarks and the five images. `pricing` sits between the
 * product and its images (the add form's size, quantity and prices).
 */
export function ProductFields({
  values,
  set,
  errors,
  flags,
  pricing,
}: {
  values: ProductDetails;
  set: SetDetail;
  errors: FieldErrors;
  flags: readonly Flag[];
  pricing?: ReactNode;
}) {
  const text = (field: "product_name" | "product_code" | "remarks") => ({
    id: fieldId(field),
    value: values[field],
    error: errors[field],
    onChange: (v: string) => set(field, v),
  });
  return (
    <div className="space-y-6">
      <fieldset className={CARD}>
        <legend className={`${SECTION_TITLE} float-left mb-4 w-full`}>Product</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <TextInput {...text("product_name")} label="Product name" required className="sm:col-span-2" />
          <TextInput
            {...text("product_code")}
            label="Product code"
            inputMode="numeric"
            required
            hint="A number, unique in the shop"
          />
          <SelectInput
            id={fieldId("rating")}
            label="Rating"
            value={values.rating}
            options={ratingOptions(values.rating)}
            error={errors.rating}
            onChange={(v) => set("rating", v)}
          />
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
    </div>
  );
}
