import { CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { useMatches } from "react-router";
import { formatDate, isoDate } from "../components/content/format-date";
import { PageHeader } from "../components/content/page-header";
import { PolicyDocument, PolicyNav } from "../components/content/policy-document";
import { isPolicyId, POLICIES, POLICIES_LAST_UPDATED, type PolicyId } from "../lib/policies";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/policy";

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

/** One module serves the four policy routes; the route id (set in routes.ts) names the policy. */
function policyIdOf(matches: readonly ({ id: string } | undefined)[]): PolicyId {
  const id = matches.map((match) => match?.id).find((matchId) => matchId !== undefined && isPolicyId(matchId));
  if (!id || !isPolicyId(id)) throw new Error("The policy module is mounted on a route whose id is not a policy");
  return id;
}

export function meta({ matches }: Route.MetaArgs) {
  const id = policyIdOf(matches);
  const policy = POLICIES[id];
  return pageMeta({ title: policy.title, description: policy.description, path: `/${id}` });
}

export default function PolicyPage() {
  const id = policyIdOf(useMatches());
  const policy = POLICIES[id];
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <PageHeader eyebrow="Policies" title={policy.title}>
        <p className="mt-4 text-sm text-charcoal/80">
          Last updated: <time dateTime={isoDate(POLICIES_LAST_UPDATED)}>{formatDate(POLICIES_LAST_UPDATED)}</time>
        </p>
      </PageHeader>
      <div className="mt-12 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <PolicyNav />
        </aside>
        <article className="max-w-3xl">
          <PolicyDocument policy={policy} />
        </article>
      </div>
    </div>
  );
}
