import { imageSrcSet } from "@store/shared/media";
import { useState } from "react";
import { PRODUCT_IMAGE } from "./product-card";

/** The gallery is the page's left column from lg (max-w-7xl, px-4, gap-16), the page's width below. */
const MAIN_SIZES = "(min-width: 1280px) 592px, (min-width: 1024px) calc((100vw - 96px) / 2), calc(100vw - 32px)";
const THUMB_SIZES = "(min-width: 640px) 120px, 25vw";

export interface GalleryImage {
  url: string;
  alt: string;
}

/** The main picture and a row of thumbnails that choose it (buttons, so it works from the keyboard). */
export function ProductGallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const shown = images[current] ?? images[0];
  if (!shown) return null;
  return (
    <div className="flex flex-col gap-4">
      <img
        src={shown.url}
        srcSet={imageSrcSet(shown.url)}
        sizes={MAIN_SIZES}
        alt={shown.alt || name}
        width={PRODUCT_IMAGE.width}
        height={PRODUCT_IMAGE.height}
        fetchPriority="high"
        decoding="async"
        className="aspect-[4/5] h-auto w-full rounded-2xl bg-linen object-cover"
      />
      {images.length > 1 && (
        <ul role="list" aria-label="Product images" className="grid grid-cols-4 gap-3 sm:grid-cols-5">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === current}
                className={`block w-full overflow-hidden rounded-lg border-2 transition ${i === current ? "border-indigo-ink" : "border-transparent opacity-80 hover:opacity-100"}`}
              >
                <img
                  src={image.url}
                  srcSet={imageSrcSet(image.url)}
                  sizes={THUMB_SIZES}
                  alt=""
                  width={120}
                  height={150}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/5] h-auto w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
