import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { LoginRequest, LoginResponse, PublicUser, SetPasswordRequest, SignupRequest, SignupResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { emailOutbox } from "../email/tables";
import { setPasswordEmail } from "./emails";
import { hashPassword, verifyPassword } from "./passwords";
import { authTokens, users } from "./tables";
import { expiresIn, hashToken, newToken, SESSION_TTL_MS, SET_PASSWORD_TTL_MS } from "./tokens";

export type SessionUser = Omit<typeof users.$inferSelect, "passwordHash" | "createdAt">;

/** What login needs from the cart: fold the guest's cart into the shopper's own, answer its id. */
export interface LoginCartHandoff {
  claimOnLogin(userId: number, guestCartId: string | null): Promise<string | null>;
}

export const MESSAGES_ACCOUNTS = {
  emailTaken: "An account with this e-mail already exists.",
  badCredentials: "Incorrect e-mail or password.",
  passwordNotSet: "Set your password using the link we e-mailed you.",
  invalidToken: "Your session has expired or is not valid. Please log in again.",
  invalidLink: "This link has expired or was already used.",
} as const;

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  mobileNumber: users.mobileNumber,
  countryCode: users.countryCode,
  role: users.role,
};

export function toPublicUser(user: SessionUser): PublicUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    mobile_number: user.mobileNumber,
    country_code: user.countryCode,
    role: user.role,
  };
}

export function createAccountsService(db: Db, options: { publicUrl: string; cart: LoginCartHandoff }) {
  /** A valid (unrevoked, unexpired) token of one kind, with its user. */
  async function findToken(rawToken: string, kind: "session" | "set_password") {
    const [row] = await db
      .select({ tokenId: authTokens.id, user: sessionUserColumns })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(and(
        eq(authTokens.tokenHash, hashToken(rawToken)),
        eq(authTokens.kind, kind),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ))
      .limit(1);
    return row;
  }

  return {
    /**
     * Creates the account. With a password it can log in at once; without one (a client written to the
     * spec) a one-time set-password link is written to the outbox in the same transaction.
     */
    async signup(input: SignupRequest): Promise<SignupResponse> {
      const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
      return db.transaction(async (tx) => {
        // The unique index on lower(email) decides, so two racing sign-ups cannot both succeed.
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            firstName: input.first_name,
            lastName: input.last_name,
            mobileNumber: input.mobile_number,
            countryCode: input.country_code,
            passwordHash,
          })
          .onConflictDoNothing()
          .returning(sessionUserColumns);
        if (!user) throw new AppError("conflict", MESSAGES_ACCOUNTS.emailTaken, "EMAIL_TAKEN", [{ path: "email", message: MESSAGES_ACCOUNTS.emailTaken }]);

        if (passwordHash) {
          return { message: "Your account has been created. You can log in now.", user: toPublicUser(user), password_set: true };
        }
        const token = newToken();
        await tx.insert(authTokens).values({ userId: user.id, tokenHash: hashToken(token), kind: "set_password", expiresAt: expiresIn(SET_PASSWORD_TTL_MS) });
        const link = new URL(`/set-password?token=${encodeURIComponent(token)}`, options.publicUrl).toString();
        const email = setPasswordEmail({ firstName: user.firstName, link, validHours: SET_PASSWORD_TTL_MS / 3_600_000 });
        await tx.insert(emailOutbox).values({ to: user.email, subject: email.subject, text: email.text });
        return {
          message: "Your account has been created. We have e-mailed you a link to set your password.",
          user: toPublicUser(user),
          password_set: false,
        };
      });
    },

    /** Checks the credentials, opens a session, and hands the guest's cart (if any) to the shopper. */
    async login(input: LoginRequest): Promise<LoginResponse> {
      const [found] = await db
        .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.email})`)
        .limit(1);
      const matches = await verifyPassword(found?.passwordHash ?? null, input.password);
      if (found && found.passwordHash === null) throw new AppError("forbidden", MESSAGES_ACCOUNTS.passwordNotSet, "PASSWORD_NOT_SET");
      if (!found || !matches) throw new AppError("unauthorized", MESSAGES_ACCOUNTS.badCredentials, "BAD_CREDENTIALS");

      const { passwordHash: _hash, ...user } = found;
      const token = newToken();
      const expiresAt = expiresIn(SESSION_TTL_MS);
      await db.insert(authTokens).values({ userId: user.id, tokenHash: hashToken(token), kind: "session", expiresAt });
      const cartId = await options.cart.claimOnLogin(user.id, input.cart_id);
      return { token, expires_at: expiresAt.toISOString(), user: toPublicUser(user), cart_id: cartId };
    },

    /** The user behind a session token; anything else (unknown, expired, revoked) is a 401. */
    async authenticate(rawToken: string): Promise<SessionUser> {
      const row = await findToken(rawToken, "session");
      if (!row) throw new AppError("unauthorized", MESSAGES_ACCOUNTS.invalidToken, "INVALID_TOKEN");
      return row.user;
    },

    async logout(rawToken: string): Promise<void> {
      await db
        .update(authTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(authTokens.tokenHash, hashToken(rawToken)), eq(authTokens.kind, "session"), isNull(authTokens.revokedAt)));
    },

    /** Uses a set-password link once: sets the password and revokes every outstanding link of that user. */
    async setPassword(input: SetPasswordRequest): Promise<{ message: string }> {
      const row = await findToken(input.token, "set_password");
      if (!row) throw new AppError("bad_request", MESSAGES_ACCOUNTS.invalidLink, "INVALID_LINK");
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // Claiming the link first makes two racing uses of it end with exactly one password set.
        const claimed = await tx
          .update(authTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(authTokens.userId, row.user.id), eq(authTokens.kind, "set_password"), isNull(authTokens.revokedAt)))
          .returning({ id: authTokens.id });
        if (!claimed.some((t) => t.id === row.tokenId)) throw new AppError("bad_request", MESSAGES_ACCOUNTS.invalidLink, "INVALID_LINK");
        await tx.update(users).set({ passwordHash }).where(eq(users.id, row.user.id));
      });
      return { message: "Your password has been set. You can log in now." };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
