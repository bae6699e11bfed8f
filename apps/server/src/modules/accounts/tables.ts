import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** `admin` is the owner (everything); `staff` fulfils orders through the allowlist in `staff-access.ts`. */
export const userRole = pgEnum("user_role", ["shopper", "admin", "staff"]);
export const tokenKind = pgEnum("token_kind", ["session", "set_password", "verify_email"]);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    countryCode: text("country_code").notNull(),
    /** argon2id; null until a sign-up made without a password sets one through its e-mailed link. */
    passwordHash: text("password_hash"),
    role: userRole("role").notNull().default("shopper"),
    /** Null until the owner proves the address: a set-password or verify-email link sent to it was used. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_uq").on(sql`lower(${t.email})`)],
);

/** Bearer tokens: only a SHA-256 hash is stored, so a leaked table grants nothing. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    kind: tokenKind("kind").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId)],
);

/**
 * Failed log-ins per account, in the database so every replica counts the same failures. Keyed by a hash
 * of the lower-cased e-mail: unknown addresses are counted too (an account that exists must not be told
 * apart by its throttling), without keeping the addresses people mistyped.
 */
export const loginThrottle = pgTable("login_throttle", {
  emailHash: text("email_hash").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/**
 * A shopper's "no" to order updates on one channel, keyed by contact rather than account so a guest can opt
 * out too: an e-mail address (lower case), a WhatsApp number (digits with the country code), or `account:<id>`
 * for the account page's WhatsApp switch (an account has no number of its own). A row turned back on stays,
 * `enabled` true. Written only here (notification-preferences.ts).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    channel: text("channel").notNull(),
    contact: text("contact").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.contact] })],
);

/**
 * E-mail addresses (lower case) that completed an order: one paid, or cash on delivery confirmed with the
 * code sent there. With a verified account's address, the only ones the store writes to unasked (a cart
 * reminder): an address anyone may have typed at checkout is not one (decision 062). Written only here
 * (proven-addresses.ts), from the transaction that confirms the order.
 */
export const provenAddresses = pgTable("proven_addresses", {
  email: text("email").primaryKey(),
  provenAt: timestamp("proven_at", { withTimezone: true }).notNull().defaultNow(),
});
