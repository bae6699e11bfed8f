import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";

/**
 * Loader data that is either already here (server render) or still coming (a clientLoader's promise).
 * Only a promise gets a Suspense boundary: React's server renderer streams large boundaries as hidden
 * segments swapped in by script, which would hide server-rendered content from shoppers without JavaScript.
 */
export function Deferred<T>({
  value,
  fallback,
  errorElement,
  resetKey,
  children,
}: {
  value: T | Promise<T>;
  fallback: ReactNode;
  errorElement: ReactNode;
  /** A new boundary per page (e.g. the URL), so a new load shows the fallback instead of stale content. */
  resetKey: string;
  children: (value: T) => ReactNode;
}) {
  if (!(value instanceof Promise)) return children(value);
  return (
    <Suspense key={resetKey} fallback={fallback}>
      <Await resolve={value} errorElement={errorElement}>
        {(resolved: T) => children(resolved)}
      </Await>
    </Suspense>
  );
}
