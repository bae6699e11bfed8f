import { whatsappChatUrl } from "@store/shared";
import { ChatIcon } from "../ui/icons";

/** Floating chat on every page: opens WhatsApp with a greeting asking about products. */
export function ChatButton() {
  return (
    <a
      href={whatsappChatUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      className="fixed bottom-5 right-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#1f7a4d] text-white shadow-lg transition hover:scale-105"
    >
      <ChatIcon />
    </a>
  );
}
