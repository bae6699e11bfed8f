import { NavLink } from "react-router";
import { POLICIES, POLICY_IDS, type Policy, type PolicyItem } from "../../lib/policies";

/** A policy's sections: each a heading with paragraphs and/or a list. */
export function PolicyDocument({ policy }: { policy: Policy }) {
  return (
    <div className="space-y-10">
      <p className="text-lg leading-8 text-charcoal/90">{policy.intro}</p>
      {policy.sections.map((section) => (
        <section key={section.heading}>
          <h2 className="text-2xl font-semibold text-indigo-ink">{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-7 text-charcoal/90">
              {paragraph}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-7 text-charcoal/90 marker:text-madder">
              {section.items.map((item) => (
                <PolicyListItem key={typeof item === "string" ? item : item.term} item={item} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function PolicyListItem({ item }: { item: PolicyItem }) {
  if (typeof item === "string") return <li>{item}</li>;
  return (
    <li>
      <strong className="font-semibold text-indigo-ink">{item.term}:</strong> {item.detail}
    </li>
  );
}

/** Links between the four policies; the current one is marked. */
export function PolicyNav() {
  return (
    <nav aria-labelledby="policy-nav" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-linen">
      <h2 id="policy-nav" className="font-sans text-xs font-semibold uppercase tracking-wider text-charcoal/80">
        Our policies
      </h2>
      <ul className="mt-3 space-y-1">
        {POLICY_IDS.map((id) => (
          <li key={id}>
            <NavLink
              to={`/${id}`}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 font-medium transition hover:bg-linen ${isActive ? "bg-linen text-madder" : "text-indigo-ink"}`
              }
            >
              {POLICIES[id].navLabel}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
