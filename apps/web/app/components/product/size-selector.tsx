import type { ProductSize } from "@store/shared";

/** The product's sizes as a radio group (arrow keys move between them), styled as pills. */
export function SizeSelector({
  sizes,
  value,
  onChange,
}: {
  sizes: readonly { size: ProductSize; size_name: string; stock: number }[];
  value: ProductSize;
  onChange: (size: ProductSize) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold uppercase tracking-wider text-charcoal/80">Size</legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {sizes.map(({ size, size_name, stock }) => (
          <label key={size} className="relative">
            <input
              type="radio"
              name="size"
              value={size}
              checked={size === value}
              onChange={() => onChange(size)}
              className="peer sr-only"
            />
            <span
              className={`flex h-12 min-w-12 cursor-pointer items-center justify-center rounded-full border-2 px-4 font-medium transition peer-checked:border-indigo-ink peer-checked:bg-indigo-ink peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-turmeric ${
                stock === 0
                  ? "border-charcoal/20 text-charcoal/60 line-through"
                  : "border-charcoal/30 bg-white hover:border-madder"
              }`}
            >
              {size_name}
              {stock === 0 && <span className="sr-only"> (out of stock)</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
