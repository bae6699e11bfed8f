import { useEffect, type ReactNode } from "react";
import { useApiGet } from "../../lib/use-api-get";
import { useNearViewport } from "../../lib/use-near-viewport";
import { SectionHeading } from "./section-heading";

/**
 * A home section that fetches its data from the public API only when scrolled near (spec: lazy-loaded
 * sections), showing a skeleton until then. A failure is logged and the section left out.
 */
export function LazyApiSection<T>({
  id,
  eyebrow,
  title,
  path,
  skeleton,
  action,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  path: string;
  skeleton: ReactNode;
  action?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const state = useApiGet<T>(path, undefined, near);
  useEffect(() => {
    if (state.status === "error") console.error(`Home section "${title}" failed`, state.error);
  }, [state, title]);

  return (
    <div ref={ref}>
      {state.status !== "error" && (
        <section aria-labelledby={id} className="below-fold mx-auto max-w-7xl px-4 pt-16 sm:pt-24">
          <SectionHeading id={id} eyebrow={eyebrow} title={title}>
            {action}
          </SectionHeading>
          {state.status === "success" ? (
            children(state.data)
          ) : (
            <div role="status" aria-label={`Loading ${title.toLowerCase()}`}>
              {skeleton}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
