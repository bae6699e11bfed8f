import type { z } from "zod";
import { ShippingProviderError } from "./provider";

/** A courier slower than this is treated as down: the seller is told, nothing waits longer. */
const TIMEOUT_MS = 10_000;

/**
 * The provider's own words from an error body: Shiprocket sends `message`, sometimes `errors` per field; DHL
 * Express sends `detail` (RFC 7807).
 */
function reasonOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return typeof body === "string" && body ? body.slice(0, 300) : null;
  const { message, errors, detail } = body as { message?: unknown; errors?: unknown; detail?: unknown };
  if (typeof detail === "string" && detail) return detail;
  if (errors && typeof errors === "object") {
    const first = Object.values(errors as Record<string, unknown>).flat()[0];
    if (typeof first === "string") return first;
  }
  return typeof message === "string" && message ? message : null;
}

async function send(url: string, init: RequestInit & { method: "GET" | "POST" }): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === "TimeoutError";
    throw new ShippingProviderError(
      `${init.method} ${url} ${timedOut ? "timed out" : `failed: ${err instanceof Error ? err.message : String(err)}`}`,
      null,
      null,
    );
  }
}

/**
 * One JSON call to the courier. A non-2xx answer, an unreachable host, a timeout or a body of an unexpected
 * shape become a ShippingProviderError, so callers handle one kind of failure.
 */
export async function callCourier<T>(
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  schema: z.ZodType<T>,
): Promise<T> {
  const response = await send(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text for the error.
  }
  if (!response.ok)
    throw new ShippingProviderError(
      `${init.method} ${url} answered ${response.status}`,
      response.status,
      reasonOf(body),
    );
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ShippingProviderError(
      `${init.method} ${url} answered an unexpected body`,
      response.status,
      reasonOf(body),
    );
  return parsed.data;
}

/** A file the courier links to (a label PDF), as bytes. */
export async function fetchFile(url: string): Promise<Uint8Array> {
  const response = await send(url, { method: "GET" });
  if (!response.ok) throw new ShippingProviderError(`GET ${url} answered ${response.status}`, response.status, null);
  return new Uint8Array(await response.arrayBuffer());
}
