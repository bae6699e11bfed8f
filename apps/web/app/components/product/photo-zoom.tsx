import { imageSrcSet } from "@store/shared/media";
import { useEffect, useRef, useState } from "react";
import { ChevronDownIcon, CloseIcon } from "../ui/icons";

export interface GalleryImage {
  url: string;
  alt: string;
}

const MAX_SCALE = 4;
const TAP_SCALE = 2.5;
const BUTTON =
  "flex h-11 w-11 items-center justify-center rounded-full bg-white text-indigo-ink text-xl font-semibold shadow-md focus-visible:outline-3 focus-visible:outline-turmeric disabled:opacity-40";

type View = { scale: number; x: number; y: number };
const FIT: View = { scale: 1, x: 0, y: 0 };

/** Keeps a zoomed photo covering its box: it may be moved only as far as its edges. */
function clampView(view: View, box: DOMRect | undefined): View {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale));
  if (!box || scale === 1) return { ...FIT, scale };
  const maxX = ((scale - 1) * box.width) / 2;
  const maxY = ((scale - 1) * box.height) / 2;
  return { scale, x: Math.min(maxX, Math.max(-maxX, view.x)), y: Math.min(maxY, Math.max(-maxY, view.y)) };
}

/**
 * The photos full screen (a native modal dialog: focus stays in it, Escape closes). A tap or click zooms in
 * at that point and out again; two fingers pinch; one finger or the mouse moves a zoomed photo; the buttons
 * and the keys (+, -, arrows) do the same from the keyboard. Hand-written: a few hundred bytes where a
 * zoom library would add tens of kilobytes to the product page.
 */
export function PhotoZoom({
  images,
  name,
  start,
  onClose,
}: {
  images: GalleryImage[];
  name: string;
  start: number;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(FIT);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ moved: boolean; pinch: number | null }>({ moved: false, pinch: null });
  const image = images[index] ?? images[0]!;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const set = (next: View) => setView(clampView(next, box.current?.getBoundingClientRect()));
  const zoomBy = (factor: number) => set({ scale: view.scale * factor, x: view.x * factor, y: view.y * factor });
  const go = (step: number) => {
    setIndex((index + step + images.length) % images.length);
    setView(FIT);
  };

  /** Zoom in at the point tapped (keeping it under the finger), or back out. */
  function toggleAt(clientX: number, clientY: number) {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || view.scale > 1) return set(FIT);
    const dx = clientX - (rect.left + rect.width / 2);
    const dy = clientY - (rect.top + rect.height / 2);
    set({ scale: TAP_SCALE, x: -dx * (TAP_SCALE - 1), y: -dy * (TAP_SCALE - 1) });
  }

  function onPointerMove(event: React.PointerEvent) {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    const points = [...pointers.current.values()];
    if (points.length === 2) {
      const distance = Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y);
      const before = gesture.current.pinch;
      gesture.current = { moved: true, pinch: distance };
      if (before) set({ ...view, scale: (view.scale * distance) / before });
    } else {
      if (Math.hypot(now.x - last.x, now.y - last.y) > 2) gesture.current.moved = true;
      if (view.scale > 1) set({ ...view, x: view.x + now.x - last.x, y: view.y + now.y - last.y });
    }
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const pan = 60;
    const zoomedIn = view.scale > 1;
    if (event.key === "+" || event.key === "=") zoomBy(1.5);
    else if (event.key === "-") zoomBy(1 / 1.5);
    else if (event.key === "ArrowRight" && zoomedIn) set({ ...view, x: view.x - pan });
    else if (event.key === "ArrowLeft" && zoomedIn) set({ ...view, x: view.x + pan });
    else if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "ArrowUp" && zoomedIn) set({ ...view, y: view.y + pan });
    else if (event.key === "ArrowDown" && zoomedIn) set({ ...view, y: view.y - pan });
    else return;
    event.preventDefault();
  }

  return (
    <dialog
      ref={dialog}
      aria-label={`Photos of ${name}, zoomable`}
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-charcoal/95 p-0 backdrop:bg-charcoal/80"
    >
      <div
        ref={box}
        data-testid="zoom-stage"
        data-scale={view.scale.toFixed(2)}
        className="absolute inset-0 touch-none select-none overflow-hidden"
        onPointerDown={(event) => {
          pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
          if (pointers.current.size === 1) gesture.current = { moved: false, pinch: null };
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => {
          pointers.current.delete(event.pointerId);
          if (pointers.current.size === 0 && !gesture.current.moved) toggleAt(event.clientX, event.clientY);
          if (pointers.current.size < 2) gesture.current.pinch = null;
        }}
        onPointerCancel={(event) => pointers.current.delete(event.pointerId)}
      >
        <img
          src={image.url}
          srcSet={imageSrcSet(image.url)}
          sizes="100vw"
          alt={image.alt || name}
          draggable={false}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          className={`h-full w-full object-contain ${view.scale > 1 ? "cursor-zoom-out" : "cursor-zoom-in"}`}
        />
      </div>
      <div className="absolute right-3 top-3 flex gap-2">
        <button
          type="button"
          className={BUTTON}
          aria-label="Zoom out"
          disabled={view.scale <= 1}
          onClick={() => zoomBy(1 / 1.5)}
        >
          −
        </button>
        <button
          type="button"
          className={BUTTON}
          aria-label="Zoom in"
          disabled={view.scale >= MAX_SCALE}
          onClick={() => zoomBy(1.5)}
        >
          +
        </button>
        <button
          type="button"
          className={BUTTON}
          aria-label="Close photos"
          autoFocus
          onClick={() => dialog.current?.close()}
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      {images.length > 1 && (
        <div className="absolute bottom-4 left-1/2 flex -translate-x-1/2 items-center gap-3">
          <button type="button" className={BUTTON} aria-label="Previous photo" onClick={() => go(-1)}>
            <ChevronDownIcon className="h-5 w-5 rotate-90" />
          </button>
          <p aria-live="polite" className="rounded-full bg-white/90 px-3 py-1 text-sm text-charcoal">
            Photo {index + 1} of {images.length}
          </p>
          <button type="button" className={BUTTON} aria-label="Next photo" onClick={() => go(1)}>
            <ChevronDownIcon className="h-5 w-5 -rotate-90" />
          </button>
        </div>
      )}
    </dialog>
  );
}
