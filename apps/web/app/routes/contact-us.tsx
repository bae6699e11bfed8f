import { MESSAGES, SELLER, CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { ContactForm } from "../components/contact/contact-form";
import { ContactItems } from "../components/contact/contact-items";
import { organizationJsonLd } from "../components/contact/organization";
import { JsonLd } from "../components/content/json-ld";
import { PageHeader } from "../components/content/page-header";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/contact-us";

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

/** Served at /contact-us and /Contact-us (spec); both name /contact-us as canonical. */
export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description: `Questions, custom and wholesale orders: write to ${SELLER.brand} in Jaipur, call ${SELLER.phones[0]} or e-mail ${SELLER.supportEmail}.`,
    path: "/contact-us",
  });
}

export default function ContactUs() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <JsonLd data={organizationJsonLd()} />
      <PageHeader
        eyebrow="Contact"
        title={MESSAGES.contactHeadline}
        lead="Ask about a product, a custom size or a wholesale order. Our team in Jaipur is happy to help."
      />
      <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:items-start">
        <section aria-labelledby="contact-details">
          <h2 id="contact-details" className="text-3xl font-semibold text-indigo-ink">
            Reach us directly
          </h2>
          <div className="mt-6">
            <ContactItems />
          </div>
          <dl className="mt-6 grid gap-4 rounded-2xl bg-linen/70 p-5 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold text-indigo-ink">Support hours</dt>
              <dd className="mt-1">{SELLER.supportHours}</dd>
            </div>
            <div>
              <dt className="font-semibold text-indigo-ink">Factory hours</dt>
              <dd className="mt-1">{SELLER.factoryHours}</dd>
            </div>
          </dl>
        </section>
        <ContactForm />
      </div>
    </div>
  );
}
