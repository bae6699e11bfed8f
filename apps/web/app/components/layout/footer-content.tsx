import { formatAddress, SELLER } from "@store/shared";

const POLICY_LINKS = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/refund", label: "Refund & Return Policy" },
  { to: "/shipping", label: "Shipping Policy" },
  { to: "/terms-and-conditions", label: "Terms & Conditions" },
];

const MAIN_MENU = [
  { to: "/", label: "Home" },
  { to: "/about-us", label: "About Us" },
  { to: "/query", label: "Why Us" },
  { to: "/best-sellers", label: "Best Sellers" },
  { to: "/collections", label: "Collections" },
  { to: "/gift-cards", label: "Gift Cards" },
  { to: "/customer-reviews", label: "Customer Reviews" },
  { to: "/blog", label: "Blog" },
  { to: "/contact-us", label: "Contact Us" },
  { to: "/track-order", label: "Track Your Order" },
];

/**
 * What the footer shows: the same for every visitor and never changing, so the browser keeps the server's
 * HTML of it and loads this only when it has none (footer.tsx). Its links are plain: the footer follows them.
 */
export function FooterContent() {
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-semibold">
            {SELLER.brand}
          </h2>
          <p className="mt-3 text-sm leading-6 text-cream/90">
            Handcrafted home decor, textiles and garments from {SELLER.foundedCity}, made by artisans paid fairly since{" "}
            {SELLER.foundedText}.
          </p>
          <p className="mt-4 text-sm">
            <span className="font-semibold">Factory hours:</span> {SELLER.factoryHours}
          </p>
          <p className="mt-1 text-sm">
            <span className="font-semibold">Support hours:</span> {SELLER.supportHours}
          </p>
        </section>
        <FooterLinks title="Policies" links={POLICY_LINKS} />
        <FooterLinks title="Main menu" links={MAIN_MENU} />
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-semibold">
            Get in touch
          </h2>
          <address className="mt-3 space-y-2 text-sm not-italic leading-6">
            <p>
              <a href={SELLER.mapUrl} className="hover:underline" target="_blank" rel="noopener noreferrer">
                {formatAddress()}
              </a>
            </p>
            {SELLER.phones.map((phone) => (
              <p key={phone}>
                <a href={`tel:${phone.replace(/\s/g, "")}`} className="hover:underline">
                  {phone}
                </a>
              </p>
            ))}
            <p>
              <a href={`mailto:${SELLER.supportEmail}`} className="hover:underline">
                {SELLER.supportEmail}
              </a>
            </p>
            <p>
              <a href={SELLER.website} className="hover:underline">
                {SELLER.website.replace(/^https:\/\//, "")}
              </a>
            </p>
          </address>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Social media">
            {SELLER.socials.map((social) => (
              <li key={social.label}>
                <a
                  href={social.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block rounded-full border border-cream/40 px-3 py-1 text-xs hover:bg-cream hover:text-indigo-ink"
                >
                  {social.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-cream/20 py-4 text-center text-xs text-cream/80">
        © {new Date().getFullYear()} {SELLER.legalName}. Handmade in Jaipur, India.
      </p>
    </>
  );
}

function FooterLinks({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <a href={link.to} className="hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
