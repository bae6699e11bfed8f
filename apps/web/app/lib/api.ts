import type { ErrorBody } from "@store/shared";

/** A failed API call, carrying the server's `message` (shown where the spec says "or the server's message"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type QueryValue = string | number | boolean | undefined | null;
/** A list is sent as the key repeated (`size=S&size=M`), as a GET form sends several ticked boxes. */
type Query = Record<string, QueryValue | readonly QueryValue[]>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(query)) {
    for (const value of [values].flat()) {
      if (value !== undefined && value !== null && value !== "") params.append(key, String(value));
    }
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const UNREADABLE = Symbol("unreadable body");

/**
 * A body that cannot be read (the call was cancelled or the connection dropped half-way) rejects: it is a
 * failed call, never an empty answer. A refusal whose body is not JSON still gets a message of its own.
 */
async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  const body = jsonOrUnreadable(text);
  if (!response.ok) {
    const error = body === UNREADABLE ? undefined : (body as ErrorBody | undefined);
    throw new ApiError(response.status, error?.message ?? `Request failed with status ${response.status}`, error);
  }
  if (body === UNREADABLE) throw new ApiError(response.status, "The server's answer could not be read");
  return body as T;
}

/** An empty body (204) is undefined; anything else must be JSON. */
function jsonOrUnreadable(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

async function sendJson<T>(
  method: "POST" | "PATCH" | "PUT",
  path: string,
  body: unknown,
  init?: RequestInit & { auth?: boolean },
): Promise<T> {
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json",
    ...(init?.auth === false ? {} : authHeader()),
    ...init?.headers,
  };
  return parse<T>(await fetch(path, { ...init, method, headers, body: JSON.stringify(body) }));
}

/** Browser-side calls to the store's public API (same origin). Adds the spec's `Token` header when logged in. */
export const api = {
  async get<T>(path: string, query?: Query, init?: RequestInit & { auth?: boolean }): Promise<T> {
    return parse<T>(
      await fetch(withQuery(path, query), {
        ...init,
        headers: { Accept: "application/json", ...(init?.auth === false ? {} : authHeader()), ...init?.headers },
      }),
    );
  },
  post<T>(path: string, body: unknown, init?: RequestInit & { auth?: boolean }): Promise<T> {
    return sendJson<T>("POST", path, body, init);
  },
  patch<T>(path: string, body: unknown): Promise<T> {
    return sendJson<T>("PATCH", path, body);
  },
  /** Replaces a whole record (the seller's settings). */
  put<T>(path: string, body: unknown): Promise<T> {
    return sendJson<T>("PUT", path, body);
  },
  async delete(path: string): Promise<void> {
    await parse<unknown>(
      await fetch(path, { method: "DELETE", headers: { Accept: "application/json", ...authHeader() } }),
    );
  },
};

export const STORAGE_KEYS = {
  token: "token",
  cartId: "cartId",
  items: "items",
  /** A guest's saved product ids, newest first (JSON); sent to the account at login, then cleared. */
  wishlist: "wishlist",
  /** The size a guest chose for each saved product, by id (JSON), sent with the list at login. */
  wishlistSizes: "wishlistSizes",
  /** The address a guest gave for a back-in-stock e-mail, so it is asked once. */
  alertEmail: "stockAlertEmail",
} as const;

function authHeader(): Record<string, string> {
  if (typeof window === "undefined") return {};
  let token: string | null = null;
  try {
    token = window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    // Storage disabled: the shopper is a guest.
  }
  return token ? { Authorization: `Token ${token}` } : {};
}

/** True when the API refused the call with this status (and, if given, this error code). */
export function isApiError(error: unknown, status: number, code?: string): error is ApiError {
  return error instanceof ApiError && error.status === status && (code === undefined || error.body?.code === code);
}
