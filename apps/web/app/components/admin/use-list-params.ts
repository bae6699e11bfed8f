import { useSearchParams } from "react-router";

/**
 * A list screen's filters and page, kept in the URL so a reload, the back button and a shared link show
 * the same list. Applying filters starts again at page 1.
 */
export function useListParams<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ""])) as Record<K, string>;
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);

  const apply = (next: Record<K, string>) =>
    setParams(Object.fromEntries(Object.entries<string>(next).filter(([, value]) => value !== "")));
  const goTo = (target: number) => {
    const copy = new URLSearchParams(params);
    copy.set("page", String(target));
    setParams(copy);
  };
  /** Changes whenever the URL's filters do: a key that resets a filter form to them. */
  const key = params.toString();
  return { values, page, apply, goTo, key };
}
