/**
 * The brand, the site and the chat, apart from SELLER (seller.ts): every page's navigation, titles and chat
 * button use them, and a bundler keeps or drops an object whole, and a module with it, so through SELLER every
 * page loaded all of the seller's details (decision 112).
 */
export const BRAND = "Jaipur Kala House";
export const WEBSITE = "https://www.jaipurkalahouse.in";
export const WHATSAPP_NUMBER = "919829041234";
export const CHAT_GREETING = "Namaste! I would like to know more about your handcrafted products.";

export function whatsappChatUrl(): string {
  return `https://wa.me/${WHATSAPP_NUMBER}?text=${encodeURIComponent(CHAT_GREETING)}`;
}
