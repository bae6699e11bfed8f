import { SELLER } from "@store/shared";
import { action, paragraph } from "../../email/letter";
import { letterEmail, type OutgoingEmail } from "../../email/outbox";

/**
 * Security e-mails: sent whatever the shopper chose about order updates (they are how an account is made
 * and kept), branded like the rest.
 */

/** The e-mail a sign-up without a password receives: the only way to give that account a password. */
export function setPasswordEmail(
  to: string,
  input: { firstName: string; link: string; validHours: number },
): OutgoingEmail {
  return letterEmail(to, `Set your password for ${SELLER.brand}`, {
    preview: "Set your password to finish signing up",
    greeting: `Namaste ${input.firstName},`,
    blocks: [
      paragraph(`Thank you for signing up at ${SELLER.brand}. To finish, set your password here:`),
      action("Set your password", input.link),
      paragraph(
        `The link works once and expires in ${input.validHours} hours. If you did not sign up, ignore this e-mail.`,
      ),
    ],
  });
}

/** A sign-up with a password: the account works at once; the link proves the address is the shopper's. */
export function verifyEmailEmail(
  to: string,
  input: { firstName: string; link: string; loginUrl: string; validHours: number },
): OutgoingEmail {
  return letterEmail(to, `Confirm your e-mail address for ${SELLER.brand}`, {
    preview: "Confirm that this e-mail address is yours",
    greeting: `Namaste ${input.firstName},`,
    blocks: [
      paragraph(
        `Thank you for signing up at ${SELLER.brand}. Your account is ready: log in with your password at\n${input.loginUrl}`,
      ),
      paragraph("Please also confirm that this e-mail address is yours:"),
      action("Confirm my e-mail address", input.link),
      paragraph(
        `The link works once and expires in ${input.validHours} hours. If you did not sign up, ignore this e-mail.`,
      ),
    ],
  });
}

/**
 * Someone signed up with an address that already has an account. The sign-up answered as usual (no
 * account enumeration); the owner hears of it here, with a new set-password link if they never set one.
 */
export function accountExistsEmail(
  to: string,
  input: { firstName: string; loginUrl: string; setPasswordLink?: string; validHours: number },
): OutgoingEmail {
  const next = input.setPasswordLink
    ? [
        paragraph(
          `Your account has no password yet. Set it here (the link works once and expires in ${input.validHours} hours):`,
        ),
        action("Set your password", input.setPasswordLink),
      ]
    : [paragraph(`If it was you, simply log in with your password at\n${input.loginUrl}`)];
  return letterEmail(to, `You already have an account at ${SELLER.brand}`, {
    preview: "Someone tried to sign up with your address",
    greeting: `Namaste ${input.firstName},`,
    blocks: [
      paragraph(
        `Someone, perhaps you, tried to sign up at ${SELLER.brand} with this e-mail address, which already has an account. No new account was made and nothing in yours has changed.`,
      ),
      ...next,
      paragraph(`If it was not you, you can ignore this e-mail. Questions: ${SELLER.supportEmail}`),
    ],
  });
}

/** Someone was given access to the back office: how to get in (a set-password link for a new account). */
export function staffAccessEmail(
  to: string,
  input: {
    role: "admin" | "staff";
    invitedBy: string;
    setPasswordLink?: string;
    loginUrl: string;
    adminUrl: string;
    validHours: number;
  },
): OutgoingEmail {
  const what = input.role === "admin" ? "an owner of the shop's back office" : "staff in the shop's back office";
  const next = input.setPasswordLink
    ? [
        paragraph(`First set your password here (the link works once and expires in ${input.validHours} hours):`),
        action("Set your password", input.setPasswordLink),
        paragraph(`Setting it signs you in and opens the back office. Later, sign in at ${input.adminUrl}`),
      ]
    : [paragraph(`Log in with your usual password at ${input.loginUrl} and open ${input.adminUrl}`)];
  return letterEmail(to, `You have access to the ${SELLER.brand} back office`, {
    preview: `${input.invitedBy} gave you access to the back office`,
    greeting: "Namaste,",
    blocks: [
      paragraph(`${input.invitedBy} has added you as ${what} at ${SELLER.brand}.`),
      ...next,
      paragraph(`If you did not expect this, write to ${SELLER.supportEmail}.`),
    ],
  });
}
