import { imageSrcSet } from "@store/shared/media";
import { lazy, Suspense, useRef, useState } from "react";
import { ChevronDownIcon } from "../ui/icons";
import { PRODUCT_IMAGE } from "./product-card";
import type { GalleryImage } from "./photo-zoom";

/** Loaded when a shopper first zooms: most never do, so it is not part of the page's first load. */
const PhotoZoom = lazy(() => import("./photo-zoom").then((m) => ({ default: m.PhotoZoom })));

/** The gallery is the page's left column from lg (max-w-7xl, px-4, gap-16), the page's width below. */
const MAIN_SIZES = "(min-width: 1280px) 592px, (min-width: 1024px) calc((100vw - 96px) / 2), calc(100vw - 32px)";
const THUMB_SIZES = "(min-width: 640px) 120px, 25vw";
const ROUND_BUTTON =
  "flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-indigo-ink shadow-md transition hover:bg-white focus-visible:outline-3 focus-visible:outline-turmeric";

/**
 * The main photos as a row the browser scrolls and snaps (a swipe on a phone, no script needed for it), with
 * previous/next buttons, the arrow keys when the row has focus, and the thumbnails below; a tap or "Zoom"
 * opens the photo full screen to zoom (`PhotoZoom`). Every slide keeps its 4:5 box, so nothing moves.
 */
export function ProductGallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const row = useRef<HTMLDivElement>(null);
  if (images.length === 0) return null;
  const many = images.length > 1;

  function show(index: number) {
    const next = (index + images.length) % images.length;
    const el = row.current;
    // The scroll event sets `current` once the row arrives; set it now too so the thumbnail answers at once.
    setCurrent(next);
    // An instant move: a smooth one would report every position it passes through as the current photo.
    el?.scrollTo({ left: next * el.clientWidth });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <div
          ref={row}
          tabIndex={0}
          role="group"
          aria-roledescription="carousel"
          aria-label={`Photos of ${name}${many ? ": use the arrow keys to change photo" : ""}`}
          data-testid="gallery-row"
          onScroll={(event) => {
            const el = event.currentTarget;
            if (el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowRight" && many) show(current + 1);
            else if (event.key === "ArrowLeft" && many) show(current - 1);
            else if (event.key === "Enter") setZoomed(current);
            else return;
            event.preventDefault();
          }}
          className="flex aspect-[4/5] w-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-linen [scrollbar-width:none] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric"
        >
          {images.map((image, i) => (
            <img
              key={image.url}
              src={image.url}
              srcSet={imageSrcSet(image.url)}
              sizes={MAIN_SIZES}
              alt={image.alt || name}
              width={PRODUCT_IMAGE.width}
              height={PRODUCT_IMAGE.height}
              fetchPriority={i === 0 ? "high" : undefined}
              loading={i === 0 ? undefined : "lazy"}
              decoding="async"
              onClick={() => setZoomed(i)}
              className="h-full w-full flex-none cursor-zoom-in snap-center object-cover"
            />
          ))}
        </div>
        <button
          type="button"
          onClick={() => setZoomed(current)}
          aria-label={`Zoom photo ${current + 1} of ${images.length}`}
          className={`${ROUND_BUTTON} absolute right-3 top-3`}
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <circle cx="11" cy="11" r="6.5" />
            <path d="M16 16l4.5 4.5M11 8v6M8 11h6" strokeLinecap="round" />
          </svg>
        </button>
        {many && (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              aria-label="Previous photo"
              className={`${ROUND_BUTTON} absolute left-3 top-1/2 -translate-y-1/2`}
            >
              <ChevronDownIcon className="h-5 w-5 rotate-90" />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              aria-label="Next photo"
              className={`${ROUND_BUTTON} absolute right-3 top-1/2 -translate-y-1/2`}
            >
              <ChevronDownIcon className="h-5 w-5 -rotate-90" />
            </button>
            <p
              aria-live="polite"
              className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-charcoal/70 px-3 py-1 text-sm text-white"
            >
              {current + 1} / {images.length}
            </p>
          </>
        )}
      </div>
      {many && (
        <ul role="list" aria-label="Product images" className="grid grid-cols-4 gap-3 sm:grid-cols-5">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === current}
                className={`block w-full overflow-hidden rounded-lg border-2 transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric ${i === current ? "border-indigo-ink" : "border-transparent opacity-80 hover:opacity-100"}`}
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
      {zoomed !== null && (
        <Suspense fallback={null}>
          <PhotoZoom images={images} name={name} start={zoomed} onClose={() => setZoomed(null)} />
        </Suspense>
      )}
    </div>
  );
}
