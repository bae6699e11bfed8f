import type { z } from "zod";
import { ProviderError } from "./provider";

const TIMEOUT_MS = 15_000;

/**
 * One JSON call to a provider. A non-2xx answer, an unreachable host, a timeout or an answer of an
 * unexpected shape all become a ProviderError, so callers handle one kind of failure.
 */
export async function callProvider<T>(
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  schema: z.ZodType<T>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new ProviderError(
      `${init.method} ${url} failed: ${err instanceof Error ? err.message : String(err)}`,
      null,
      null,
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text for the error.
  }
  if (!response.ok) throw new ProviderError(`${init.method} ${url} answered ${response.status}`, response.status, body);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ProviderError(`${init.method} ${url} answered an unexpected body`, response.status, body);
  return parsed.data;
}

export const jsonHeaders = (authorization: string, extra: Record<string, string> = {}) => ({
  authorization,
  "content-type": "application/json",
  accept: "application/json",
  ...extra,
});

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
