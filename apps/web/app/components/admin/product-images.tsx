import { PRODUCT_MEDIA_FIELDS } from "@store/shared";
import type { FieldErrors } from "./failures";
import { TextInput } from "./form-controls";
import { MEDIA_HINT, MediaField } from "./media-field";
import { UnsavedMark } from "./size-table";
import { BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";

export type ImageRow = { url: string; alt: string };

const MAX_IMAGES = PRODUCT_MEDIA_FIELDS.length;
const SMALL_BUTTON = `${BUTTON_SECONDARY} px-3 py-1 text-xs`;
export const imageFieldId = (index: number, field: "url" | "alt") => `image-${index}-${field}`;

/**
 * The product's images in display order (the first is the one shop cards show), each with its alt text,
 * which the shop's gallery gives to people who cannot see the picture. Part of the editor's one form.
 */
export function ProductImages({
  images,
  onChange,
  errors,
  changed,
}: {
  images: readonly ImageRow[];
  onChange: (images: ImageRow[]) => void;
  errors: FieldErrors;
  changed: boolean;
}) {
  const set = (index: number, patch: Partial<ImageRow>) =>
    onChange(images.map((image, i) => (i === index ? { ...image, ...patch } : image)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
    // Focus follows the picture, so pressing "Move up" again keeps moving the same one.
    requestAnimationFrame(() => document.getElementById(imageFieldId(index + by, "url"))?.focus());
  };
  return (
    <section aria-labelledby="images-title" className={CARD}>
      <h2 id="images-title" className={SECTION_TITLE}>
        Images{changed && <UnsavedMark />}
      </h2>
      <p className="mt-1 text-sm text-charcoal/80">
        {MEDIA_HINT}. The first image is the one shop cards show. Describe each picture in its alt text.
      </p>
      <ol className="mt-4 space-y-4">
        {images.map((image, index) => {
          const n = index + 1;
          return (
            <li key={index} className="rounded-xl border border-linen p-3">
              <MediaField
                id={imageFieldId(index, "url")}
                label={`Image ${n}${index === 0 ? " (main)" : ""}`}
                value={image.url}
                error={errors[`images.${index}.url`]}
                onChange={(url) => set(index, { url })}
              />
              <TextInput
                id={imageFieldId(index, "alt")}
                label={`Alt text, image ${n}`}
                value={image.alt}
                error={errors[`images.${index}.alt`]}
                hint="What the picture shows, for screen readers and search engines"
                onChange={(alt) => set(index, { alt })}
                className="mt-3"
              />
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" className={SMALL_BUTTON} disabled={index === 0} onClick={() => move(index, -1)}>
                  Move image {n} up
                </button>
                <button
                  type="button"
                  className={SMALL_BUTTON}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Move image {n} down
                </button>
                <button
                  type="button"
                  className={SMALL_BUTTON}
                  onClick={() => onChange(images.filter((_, i) => i !== index))}
                >
                  Remove image {n}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.images && <p className="mt-2 text-sm font-medium text-madder">{errors.images}</p>}
      {images.length < MAX_IMAGES && (
        <button
          type="button"
          className={`${BUTTON_SECONDARY} mt-4`}
          onClick={() => {
            onChange([...images, { url: "", alt: "" }]);
            requestAnimationFrame(() => document.getElementById(imageFieldId(images.length, "url"))?.focus());
          }}
        >
          Add an image
        </button>
      )}
    </section>
  );
}
