import { Skeleton } from "../ui/skeleton";

/** Same box as ProductCard (4:5 image, two title lines, stars, price), so the grid does not jump. */
export function ProductCardSkeleton() {
  return (
    <div data-testid="product-card-skeleton" aria-hidden="true" className="flex h-full flex-col">
      <Skeleton className="aspect-[4/5] w-full rounded-xl" />
      <div className="mt-3 flex flex-1 flex-col gap-1.5">
        <Skeleton className="h-[2.75rem] w-11/12" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-auto h-6 w-20" />
      </div>
    </div>
  );
}
