import { Skeleton } from "../ui/skeleton";

/** Holds the header scroller's exact space (8:3 picture plus its caption bar) while its code loads. */
export function HeroSkeleton() {
  return (
    <div role="status" className="mx-auto max-w-7xl px-4 pt-4 sm:pt-6">
      <span className="sr-only">Loading featured collections</span>
      <Skeleton className="aspect-[8/3] w-full rounded-t-2xl rounded-b-none" />
      <div aria-hidden="true" className="h-36 rounded-b-2xl bg-linen/60 sm:h-20" />
    </div>
  );
}
