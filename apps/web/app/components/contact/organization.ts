import { SELLER } from "@store/shared";

/** schema.org Organization for the contact page, with the spec's customer-service contact point (IN, English). */
export function organizationJsonLd() {
  const a = SELLER.address;
  const telephone = SELLER.phones[0];
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SELLER.brand,
    legalName: SELLER.legalName,
    url: SELLER.website,
    logo: `${SELLER.website}/favicon.svg`,
    email: SELLER.supportEmail,
    telephone,
    foundingLocation: SELLER.foundedCity,
    address: {
      "@type": "PostalAddress",
      streetAddress: `${a.street}, ${a.locality}`,
      addressLocality: a.city,
      addressRegion: a.region,
      postalCode: a.postalCode,
      addressCountry: a.country,
    },
    sameAs: SELLER.socials.map((social) => social.url),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      areaServed: "IN",
      availableLanguage: "English",
      telephone,
      email: SELLER.supportEmail,
    },
  };
}
