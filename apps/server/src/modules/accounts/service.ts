import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type {
  LoginRequest,
  LoginResponse,
  PublicUser,
  SetPasswordRequest,
  SetPasswordResponse,
  SignupRequest,
  SignupResponse,
  VerifyEmailRequest,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { queueEmail } from "../../email/outbox";
import { accountExistsEmail, setPasswordEmail, verifyEmailEmail } from "./emails";
import { createLoginThrottle, type LoginThrottleSettings } from "./login-throttle";
import { hashPassword, verifyPassword } from "./passwords";
import { authTokens, users } from "./tables";
import { issueLink, type LinkKind } from "./links";
import { markEmailVerified } from "./verification";
import { EMAIL_LINK_TTL_MS, expiresIn, hashToken, newToken, SESSION_TTL_MS } from "./tokens";

export type SessionUser = Omit<typeof users.$inferSelect, "passwordHash" | "createdAt">;

/**
 * What login needs from the cart: fold the guest's cart into the shopper's own, answer its id and, when the
 * guest's pieces could not join it (a cart holding an accepted quote, decision 101), a sentence saying so.
 */
export interface LoginCartHandoff {
  claimOnLogin(userId: number, guestCartId: string | null): Promise<{ cartId: string | null; notice?: string }>;
}

export const MESSAGES_ACCOUNTS = {
  /** The same for a new and a registered address: what to expect comes by e-mail. */
  signedUp: (email: string) =>
    `Thank you for signing up. We have sent a message to ${email}: please check your inbox for the next step.`,
  /** The same for an unknown e-mail, an account without a password and a wrong password. */
  badCredentials:
    "Incorrect e-mail or password. If you signed up without a password, set one with the link we e-mailed you (signing up again sends a new link).",
  throttled: (minutes: number) =>
    `Too many failed log-ins for this account. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  invalidToken: "Your session has expired or is not valid. Please log in again.",
  invalidLink: "This link has expired or was already used.",
  emailVerified: "Thank you: your e-mail address is confirmed.",
} as const;

type TokenKind = "session" | LinkKind;

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  mobileNumber: users.mobileNumber,
  countryCode: users.countryCode,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
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
    email_verified: user.emailVerifiedAt !== null,
  };
}

export interface AccountsOptions {
  publicUrl: string;
  cart: LoginCartHandoff;
  loginThrottle: LoginThrottleSettings;
}

export function createAccountsService(db: Db, options: AccountsOptions) {
  const throttle = createLoginThrottle(db, options.loginThrottle);
  const pageUrl = (path: string) => new URL(path, options.publicUrl).toString();
  const validHours = EMAIL_LINK_TTL_MS / 3_600_000;

  /** A valid (unrevoked, unexpired) token of one kind, with its user. */
  async function findToken(rawToken: string, kind: TokenKind) {
    const [row] = await db
      .select({ tokenId: authTokens.id, user: sessionUserColumns })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(rawToken)),
          eq(authTokens.kind, kind),
          isNull(authTokens.revokedAt),
          gt(authTokens.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row;
  }

  const newLink = (tx: Db, userId: number, kind: LinkKind) => issueLink(tx, options.publicUrl, userId, kind);

  /**
   * Uses a one-time link: revokes every outstanding link of that kind for the user (claiming first makes
   * two racing uses end with one winner), marks the address as proved, and runs `then` in the same transaction.
   */
  async function useLink(
    rawToken: string,
    kind: LinkKind,
    then: (tx: Db, userId: number) => Promise<void> = async () => {},
  ): Promise<SessionUser> {
    const row = await findToken(rawToken, kind);
    if (!row) throw new AppError("bad_request", MESSAGES_ACCOUNTS.invalidLink, "INVALID_LINK");
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(authTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(authTokens.userId, row.user.id), eq(authTokens.kind, kind), isNull(authTokens.revokedAt)))
        .returning({ id: authTokens.id });
      if (!claimed.some((t) => t.id === row.tokenId))
        throw new AppError("bad_request", MESSAGES_ACCOUNTS.invalidLink, "INVALID_LINK");
      await markEmailVerified(tx, row.user.id);
      await then(tx, row.user.id);
    });
    return row.user;
  }

  return {
    /**
     * Answers the same for a new and a registered e-mail, and e-mails the address either way: a new
     * account gets a link to confirm the address (with a password) or to set its password (without);
     * an existing one's owner is told someone tried, so the answer never tells who has an account.
     */
    async signup(input: SignupRequest): Promise<SignupResponse> {
      // Hashed in both cases, so the time taken does not tell them apart either.
      const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // The unique index on lower(email) decides, so two racing sign-ups cannot both create an account.
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
        let email;
        let to;
        if (user) {
          to = user.email;
          email = passwordHash
            ? verifyEmailEmail(to, {
                firstName: user.firstName,
                link: await newLink(tx, user.id, "verify_email"),
                loginUrl: pageUrl("/login"),
                validHours,
              })
            : setPasswordEmail(to, {
                firstName: user.firstName,
                link: await newLink(tx, user.id, "set_password"),
                validHours,
              });
        } else {
          const [owner] = await tx
            .select({ id: users.id, email: users.email, firstName: users.firstName, passwordHash: users.passwordHash })
            .from(users)
            .where(sql`lower(${users.email}) = lower(${input.email})`)
            .limit(1);
          if (!owner) return;
          to = owner.email;
          const setPasswordLink = owner.passwordHash === null ? await newLink(tx, owner.id, "set_password") : undefined;
          email = accountExistsEmail(to, {
            firstName: owner.firstName,
            loginUrl: pageUrl("/login"),
            setPasswordLink,
            validHours,
          });
        }
        await queueEmail(tx, email);
      });
      return { message: MESSAGES_ACCOUNTS.signedUp(input.email) };
    },

    /**
     * Checks the credentials, opens a session, and hands the guest's cart (if any) to the shopper. Every
     * refusal reads the same; an account (known or not) that used up its attempts waits (429).
     */
    async login(input: LoginRequest): Promise<LoginResponse> {
      const attempt = await throttle.attempt(input.email);
      if (!attempt.allowed) {
        const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
        throw new AppError(
          "rate_limited",
          MESSAGES_ACCOUNTS.throttled(minutes),
          "LOGIN_THROTTLED",
          undefined,
          attempt.retryAfterSeconds,
        );
      }
      const [found] = await db
        .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.email})`)
        .limit(1);
      const matches = await verifyPassword(found?.passwordHash ?? null, input.password);
      if (!found || !matches) throw new AppError("unauthorized", MESSAGES_ACCOUNTS.badCredentials, "BAD_CREDENTIALS");
      await throttle.clear(input.email);

      const { passwordHash: _hash, ...user } = found;
      const token = newToken();
      const expiresAt = expiresIn(SESSION_TTL_MS);
      await db.insert(authTokens).values({ userId: user.id, tokenHash: hashToken(token), kind: "session", expiresAt });
      const cart = await options.cart.claimOnLogin(user.id, input.cart_id);
      const session = { token, expires_at: expiresAt.toISOString(), user: toPublicUser(user), cart_id: cart.cartId };
      return cart.notice ? { ...session, cart_notice: cart.notice } : session;
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
        .where(
          and(
            eq(authTokens.tokenHash, hashToken(rawToken)),
            eq(authTokens.kind, "session"),
            isNull(authTokens.revokedAt),
          ),
        );
    },

    /** Uses a set-password link once: sets the password; the link also proves the address. */
    /** Answers the account's address too, so the page can sign the person in with the password just chosen. */
    async setPassword(input: SetPasswordRequest): Promise<SetPasswordResponse> {
      const passwordHash = await hashPassword(input.password);
      const user = await useLink(input.token, "set_password", async (tx, userId) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      });
      return { message: "Your password has been set. You can log in now.", email: user.email };
    },

    /** Uses the confirmation link sent at a sign-up with a password. */
    async verifyEmail(input: VerifyEmailRequest): Promise<{ message: string }> {
      await useLink(input.token, "verify_email");
      return { message: MESSAGES_ACCOUNTS.emailVerified };
    },
  };
}
