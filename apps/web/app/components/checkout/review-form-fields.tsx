import { RATING_MAX } from "@store/shared";
import { useEffect, useMemo, useState } from "react";

const STAR_PATH = "M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L12 17.1l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z";

/**
 * The rating as a radio group drawn as five large stars: a tap or click chooses, the arrow keys move (the
 * browser's own radio behaviour), and each star is read out as "3 stars". Stars up to the one chosen (or
 * hovered) are filled.
 */
export function StarRatingField({
  name,
  value,
  onChange,
  describedBy,
}: {
  name: string;
  value: number;
  onChange: (rating: number) => void;
  describedBy?: string;
}) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <div className="mt-1 flex gap-1" onMouseLeave={() => setHovered(0)}>
      {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
        <label key={n} className="relative cursor-pointer" onMouseEnter={() => setHovered(n)}>
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            aria-describedby={describedBy}
            // Over the star, invisible: a tap lands on the radio itself.
            className="peer absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none opacity-0"
          />
          <span className="sr-only">
            {n} {n === 1 ? "star" : "stars"}
          </span>
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className={`h-11 w-11 rounded-lg p-1 transition peer-focus-visible:outline-3 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-turmeric ${
              n <= shown ? "fill-turmeric stroke-[#9a6a00]" : "fill-transparent stroke-charcoal/50"
            }`}
            strokeWidth={1.5}
            strokeLinejoin="round"
          >
            <path d={STAR_PATH} />
          </svg>
        </label>
      ))}
      <span className="ml-2 self-center text-sm text-charcoal/80" aria-hidden="true">
        {shown ? `${shown} of ${RATING_MAX}` : "Tap a star"}
      </span>
    </div>
  );
}

/**
 * Photos chosen for a review, each shown as a preview with its own Remove button before the review is
 * sent. The file input is the "Add photos" button; a file chosen again is added again only once.
 */
export function PhotoPickerField({
  id,
  label,
  max,
  files,
  onChange,
}: {
  id: string;
  label: string;
  max: number;
  files: File[];
  onChange: (files: File[]) => void;
}) {
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const full = files.length >= max;
  return (
    <div>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={full}
        className="peer sr-only"
        onChange={(event) => {
          const chosen = [...(event.currentTarget.files ?? [])];
          const fresh = chosen.filter((f) => !files.some((g) => g.name === f.name && g.size === f.size));
          onChange([...files, ...fresh].slice(0, max));
          // The same file may be chosen again after it was removed.
          event.currentTarget.value = "";
        }}
      />
      <label
        htmlFor={id}
        className={`mt-1 inline-flex min-h-11 items-center rounded-full border-2 border-dashed px-4 text-sm font-semibold peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-turmeric ${
          full
            ? "cursor-not-allowed border-charcoal/20 text-charcoal/60"
            : "cursor-pointer border-indigo-ink/50 text-indigo-ink hover:border-madder"
        }`}
      >
        {label}
      </label>
      {files.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="Chosen photos">
          {files.map((file, i) => (
            <li key={`${file.name}-${file.size}`} className="relative h-20 w-20">
              <img
                src={previews[i]}
                alt={`Photo ${i + 1}: ${file.name}`}
                width={80}
                height={80}
                className="h-20 w-20 rounded-xl bg-linen object-cover ring-1 ring-linen"
              />
              <button
                type="button"
                aria-label={`Remove photo ${i + 1} (${file.name})`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                className="absolute -right-2 -top-2 flex h-8 w-8 items-center justify-center rounded-full bg-charcoal text-lg leading-none text-white shadow focus-visible:outline-3 focus-visible:outline-turmeric"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
