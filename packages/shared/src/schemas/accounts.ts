import { z } from "zod";
import { cartIdSchema } from "./cart";
import { requiredText, text } from "./input-rules";

export const USER_ROLES = ["shopper", "admin", "staff"] as const;
/** The back office's roles: `admin` is the owner, `staff` fulfils orders (decision 027). */
export const BACK_OFFICE_ROLES = ["admin", "staff"] as const;
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];
export const MIN_PASSWORD_LENGTH = 8;
/** argon2 hashes whatever it is given; a cap keeps a megabyte "password" from costing us CPU. */
export const MAX_PASSWORD_LENGTH = 200;

/** Kept exactly as typed (spaces count), but held to the same characters as every other text. */
export const passwordSchema = text("password", MAX_PASSWORD_LENGTH, {
  trim: false,
  missing: "password is required",
}).min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters`);

export const emailSchema = requiredText("email", 254).pipe(z.email("email is not a valid e-mail address"));

/**
 * `POST /api/signup/`: the spec's five fields, plus an optional password. A client written to the spec
 * never sends one: that account gets an e-mailed link to set it, and cannot log in until then.
 */
export const signupRequestSchema = z.object({
  email: emailSchema,
  mobile_number: requiredText("mobile_number", 20).pipe(
    z.string().regex(/^[+\d][\d\s()-]{5,19}$/, "mobile_number is not a valid phone number"),
  ),
  /** The dialling code or country the form offers ("+91", "IN", "India"): kept as given. */
  country_code: requiredText("country_code", 60),
  first_name: requiredText("first_name", 80),
  last_name: requiredText("last_name", 80),
  password: passwordSchema.optional(),
});

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile_number: z.string(),
  country_code: z.string(),
  role: z.enum(USER_ROLES),
  /** The owner has proved the address (used a link e-mailed to it). */
  email_verified: z.boolean(),
});

/**
 * 201, the same for a new and an already registered e-mail (no account enumeration): a sentence to show.
 * What happens next arrives by e-mail (a link to confirm the address or to set the password, or a note
 * to the owner of an existing account).
 */
export const signupResponseSchema = z.object({ message: z.string() });

/** `POST /api/login/`. With cart_id, that guest cart is merged into the shopper's own cart. */
export const loginRequestSchema = z.object({
  email: requiredText("email", 254),
  password: requiredText("password", MAX_PASSWORD_LENGTH, { trim: false }),
  cart_id: cartIdSchema,
});

/** Send the token back as `Authorization: Token <token>`; keep `cart_id` (null: no cart yet). */
export const loginResponseSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: userSchema,
  cart_id: z.string().nullable(),
  /** Present when the guest's cart could not join the shopper's (it holds an accepted quote): show it. */
  cart_notice: z.string().optional(),
});

/** `POST /api/set-password/`: the token from the e-mailed link. */
export const setPasswordRequestSchema = z.object({
  token: requiredText("token", 200),
  password: passwordSchema,
});

/** `POST /api/set-password/` answers the sentence to show and the account's address (to sign in with it). */
export const setPasswordResponseSchema = z.object({ message: z.string(), email: z.string() });

/** `POST /api/verify-email/`: the token from the e-mailed confirmation link. */
export const verifyEmailRequestSchema = z.object({ token: requiredText("token", 200) });

/** `GET /api/me/` */
export const meResponseSchema = z.object({ user: userSchema });

/** Logout and set-password answer with a sentence to show. */
export const messageResponseSchema = z.object({ message: z.string() });

export type SignupRequest = z.infer<typeof signupRequestSchema>;
export type SignupResponse = z.infer<typeof signupResponseSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
export type PublicUser = z.infer<typeof userSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
