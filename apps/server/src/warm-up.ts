import { loadLetterRenderer } from "./email/worker";
import { warmInvoicePdf } from "./modules/invoices/warm-up";

/**
 * What the server loads and draws once before it listens, so that the first order after a start does not:
 * its invoice PDF and its letters would load their libraries and fonts in the same turn of the event loop,
 * and every shopper's request waits behind that turn (decision 114). Tests and commands skip it.
 */
export async function warmUp(): Promise<void> {
  await Promise.all([warmInvoicePdf(), loadLetterRenderer()]);
}
