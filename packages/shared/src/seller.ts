import { BRAND, CHAT_GREETING, WEBSITE, WHATSAPP_NUMBER } from "./brand";

/**
 * The seller's details, in one typed place (footer, contact page, JSON-LD, e-mails, policies).
 * These are the demo shop's values; a real seller edits this file and brand.ts only.
 */
export const SELLER = {
  brand: BRAND,
  legalName: "Jaipur Kala House Handicrafts",
  founder: "Kavita Sharma",
  foundedText: "June 2018",
  foundedCity: "Jaipur, Rajasthan",
  address: {
    street: "Plot 14, Sanganer Industrial Area",
    locality: "Sitapura",
    city: "Jaipur",
    region: "Rajasthan",
    postalCode: "302022",
    country: "IN",
  },
  mapUrl: "https://www.google.com/maps/search/?api=1&query=Sitapura+Industrial+Area+Jaipur+302022",
  phones: ["+91 98290 41234", "+91 141 277 0456"],
  supportEmail: "support@jaipurkalahouse.in",
  website: WEBSITE,
  whatsappNumber: WHATSAPP_NUMBER,
  chatGreeting: CHAT_GREETING,
  factoryHours: "Daily, 9 am to 9 pm",
  supportHours: "Mon-Sat 10 AM-7 PM IST",
  socials: [
    { kind: "photo sharing", label: "Instagram", url: "https://www.instagram.com/jaipurkalahouse" },
    { kind: "video", label: "YouTube", url: "https://www.youtube.com/@jaipurkalahouse" },
    { kind: "professional network", label: "LinkedIn", url: "https://www.linkedin.com/company/jaipurkalahouse" },
    { kind: "social network", label: "Facebook", url: "https://www.facebook.com/jaipurkalahouse" },
    { kind: "microblog", label: "X", url: "https://x.com/jaipurkalahouse" },
    { kind: "marketplace store", label: "Etsy", url: "https://www.etsy.com/shop/jaipurkalahouse" },
    { kind: "pinboard", label: "Pinterest", url: "https://www.pinterest.com/jaipurkalahouse" },
  ],
} as const;

export function formatAddress(): string {
  const a = SELLER.address;
  return `${a.street}, ${a.locality}, ${a.city}, ${a.region} ${a.postalCode}, India`;
}
