import { formatAddress, SELLER } from "@store/shared";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

const ICONS = {
  email: (
    <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5Zm0 .5 9 6 9-6" />
  ),
  phone: (
    <path d="M5 4h3.5l1.5 4.5-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1Z" />
  ),
  website: (
    <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
  ),
  address: (
    <path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" />
  ),
} as const;

type ContactItem = { kind: keyof typeof ICONS; label: string; value: string; href: string; external?: boolean };

/** The spec's four contact items: support e-mail, phone, website and the postal address on a map. */
export const CONTACT_ITEMS: ContactItem[] = [
  { kind: "email", label: "Email us", value: SELLER.supportEmail, href: `mailto:${SELLER.supportEmail}` },
  { kind: "phone", label: "Call us", value: SELLER.phones[0], href: telHref(SELLER.phones[0]) },
  {
    kind: "website",
    label: "Website",
    value: SELLER.website.replace(/^https?:\/\//, ""),
    href: SELLER.website,
    external: true,
  },
  { kind: "address", label: "Visit our workshop", value: formatAddress(), href: SELLER.mapUrl, external: true },
];

export function ContactItems() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
      {CONTACT_ITEMS.map((item) => (
        <li key={item.kind} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-linen">
          <span className="flex h-11 w-11 flex-none items-center justify-center rounded-full bg-linen text-madder">
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            >
              {ICONS[item.kind]}
            </svg>
          </span>
          <div className="min-w-0">
            <h3 className="font-sans text-xs font-semibold uppercase tracking-widest text-charcoal/80">{item.label}</h3>
            <a
              href={item.href}
              className="mt-1 block break-words font-medium text-indigo-ink underline-offset-4 hover:text-madder hover:underline"
              {...(item.external && { target: "_blank", rel: "noopener noreferrer" })}
            >
              {item.value}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
