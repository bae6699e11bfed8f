import { CACHEABLE_PAGE_HEADERS, type ShippingFees } from "@store/shared";
import { useMatches } from "react-router";
import { formatDate, isoDate } from "../components/content/format-date";
import { PageHeader } from "../components/content/page-header";
import { PolicyDocument, PolicyNav } from "../components/content/policy-document";
import { api } from "../lib/api";
import { logOnServer } from "../lib/log-failure";
import { isPolicyId, POLICIES, POLICIES_LAST_UPDATED, policyWithFees, type PolicyId } from "../lib/policies";
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

type PolicyData = { shippingFees: ShippingFees | null };
const NO_FEES: PolicyData = { shippingFees: null };
/** Only the shipping policy names a fee (the express fee the seller set); the others need no data. */
const namesFees = (request: Request) => new URL(request.url).pathname === "/shipping";

/** The fees read in process (no HTTP hop). Should the read fail, the page still renders, the fee left to the checkout. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<PolicyData> {
  if (!namesFees(request)) return NO_FEES;
  try {
    return { shippingFees: await context.services.checkout.shippingFees() };
  } catch (error) {
    logOnServer(context.log)("Shipping fees for the policy page failed", error);
    return NO_FEES;
  }
}

/** A navigation in the browser asks the public API, and only for the shipping policy. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<PolicyData> {
  if (!namesFees(request)) return NO_FEES;
  return { shippingFees: await api.get<ShippingFees>("/api/shipping-fees/").catch(() => null) };
}

export function meta({ matches }: Route.MetaArgs) {
  const id = policyIdOf(matches);
  const policy = POLICIES[id];
  return pageMeta({ title: policy.title, description: policy.description, path: `/${id}` });
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const id = policyIdOf(useMatches());
  const policy = policyWithFees(id, loaderData.shippingFees);
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
