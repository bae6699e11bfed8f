import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { BACK_OFFICE_ROLES, type BackOfficeRole } from "@store/shared";
import { AppError } from "../../errors";
import type { SessionUser } from "./service";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in shopper, set by the `optionalUser` / `requireUser` preHandlers; null for a guest. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Guests allowed; a token that is present but not valid is still a 401 (see below). */
    optionalUser: (request: FastifyRequest) => Promise<void>;
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** The back office: the owner and staff (staff are limited further by the back office's allowlist). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

/** The roles that may enter the back office at all. */
export function isBackOfficeRole(role: SessionUser["role"]): role is BackOfficeRole {
  return (BACK_OFFICE_ROLES as readonly string[]).includes(role);
}

const SCHEME = /^Token\s+(\S+)$/i;

/**
 * The token of an `Authorization: Token <token>` header; null when there is no header. Any other shape
 * is a 401 rather than "guest": a client that believes it is signed in must learn that it is not.
 */
export function sessionTokenFrom(header: string | undefined): string | null {
  if (header === undefined) return null;
  const token = SCHEME.exec(header.trim())?.[1];
  if (!token) throw new AppError("unauthorized", "Send the token as 'Authorization: Token <token>'.", "INVALID_TOKEN");
  return token;
}

/** For handlers behind `requireUser`: the user, typed as present. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthorized", "Please log in to continue.", "LOGIN_REQUIRED");
  return request.user;
}

/**
 * Resolves the session per route, only where a route asks for it (catalogue pages never pay for a token
 * lookup). A malformed, unknown, expired or revoked token is a 401 even on routes that allow guests (the
 * cart, promo): treating it as a guest would silently fork the shopper's cart into an anonymous one, while
 * a 401 tells the client to drop the token and log in again.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("user", null);

    async function optionalUser(request: FastifyRequest): Promise<void> {
      const token = sessionTokenFrom(request.headers.authorization);
      request.user = token ? await app.services.accounts.authenticate(token) : null;
    }

    app.decorate("optionalUser", optionalUser);
    app.decorate("requireUser", async (request: FastifyRequest) => {
      await optionalUser(request);
      signedInUser(request);
    });
    // The back office's door: the owner (`admin`) and `staff`; what staff may do past it is the back
    // office's allowlist (admin/staff-access.ts).
    app.decorate("requireAdmin", async (request: FastifyRequest) => {
      await optionalUser(request);
      if (!isBackOfficeRole(signedInUser(request).role))
        throw new AppError("forbidden", "This needs an administrator account.", "FORBIDDEN");
    });
  },
  { name: "auth" },
);
