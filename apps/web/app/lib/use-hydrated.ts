import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * True once React runs in the browser. Forms stay disabled until then: before hydration a submit would
 * fall back to a plain GET that puts the shopper's details in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
