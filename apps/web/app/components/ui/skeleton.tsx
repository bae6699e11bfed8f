/** A grey placeholder block; callers give it the exact size of what it stands in for, so nothing shifts. */
export function Skeleton({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded bg-linen motion-reduce:animate-none ${className}`}
    />
  );
}
