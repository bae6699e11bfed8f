/**
 * Runs `load` on the first call only and answers the same promise ever after. For packages a process may never
 * need (the S3 client without a bucket, the SMTP client without SMTP_URL, the PDF renderer until a document is
 * asked for): imported on first use, they stay out of the memory of every replica that does not use them.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
