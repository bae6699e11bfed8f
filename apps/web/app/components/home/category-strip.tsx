import { HOME_STRIP_NAMES, MESSAGES, type HomeCategoryResponse } from "@store/shared";
import { useEffect } from "react";
import { Link } from "react-router";
import { useApiGet } from "../../lib/use-api-get";
import { SectionHeading } from "./section-heading";

const STRIP_IMAGE = 300;
const shownNames: readonly string[] = HOME_STRIP_NAMES;

/** Shop by craft: the spec's ten names only, each picture and label linking to its navigate_link. */
export function CategoryStrip() {
  const state = useApiGet<HomeCategoryResponse>("/api/product/product-category/");
  useEffect(() => {
    if (state.status === "error") console.error("Home categories failed", state.error);
  }, [state]);

  return (
    <section aria-labelledby="strip-heading" className="below-fold mx-auto max-w-7xl px-4 pt-16 sm:pt-20">
      <SectionHeading id="strip-heading" eyebrow="The crafts of Rajasthan" title="Shop by craft" />
      {state.status === "loading" && (
        <p role="status" className="flex min-h-44 items-center justify-center">
          {MESSAGES.homeCategoriesLoading}
        </p>
      )}
      {state.status === "error" && (
        <p role="alert" className="flex min-h-44 items-center justify-center font-medium text-madder">
          {MESSAGES.homeCategoriesFailed}
        </p>
      )}
      {state.status === "success" && (
        <ul
          role="list"
          className="-mx-4 flex min-h-44 snap-x gap-5 overflow-x-auto px-4 pb-4 sm:gap-8 lg:mx-0 lg:grid lg:grid-cols-10 lg:gap-4 lg:overflow-visible lg:px-0"
        >
          {state.data.data
            .filter((c) => shownNames.includes(c.name))
            .map((category) => (
              <li key={category.id} className="w-28 shrink-0 snap-start sm:w-32 lg:w-auto">
                <Link to={category.navigate_link} className="group flex flex-col items-center gap-3 text-center">
                  <img
                    src={category.media}
                    alt=""
                    width={STRIP_IMAGE}
                    height={STRIP_IMAGE}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square h-auto w-full rounded-full border-4 border-white object-cover shadow-md transition group-hover:border-turmeric motion-reduce:transition-none"
                  />
                  <span className="text-sm font-medium leading-snug group-hover:text-madder">{category.name}</span>
                </Link>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
