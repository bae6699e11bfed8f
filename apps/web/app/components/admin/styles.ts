/** The back office's few visual building blocks, named once so every screen looks and behaves alike. */
const BUTTON =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full px-5 py-2 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60";

export const BUTTON_PRIMARY = `${BUTTON} bg-indigo-ink text-white hover:bg-madder`;
export const BUTTON_SECONDARY = `${BUTTON} border border-indigo-ink/40 bg-white text-indigo-ink hover:border-madder hover:text-madder`;
export const BUTTON_DANGER = `${BUTTON} bg-madder text-white hover:bg-madder/85`;
/** A small text-like button inside table rows. */
export const BUTTON_LINK =
  "rounded px-1 font-semibold text-indigo-ink underline-offset-4 hover:text-madder hover:underline disabled:opacity-60";

export const CONTROL = "mt-1 w-full rounded-lg border bg-white px-3 py-2 text-sm text-charcoal focus:border-indigo-ink";
export const CARD = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-linen sm:p-6";
export const SECTION_TITLE = "text-xl font-semibold text-indigo-ink";
export const PAGE_TITLE = "text-3xl font-semibold text-indigo-ink focus:outline-none";
