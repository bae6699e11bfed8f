import { SELLER } from "@store/shared";

const signature = `${SELLER.brand} - ${SELLER.supportEmail}`;

/** The e-mail a sign-up without a password receives: the only way to give that account a password. */
export function setPasswordEmail(input: { firstName: string; link: string; validHours: number }) {
  return {
    subject: `Set your password for ${SELLER.brand}`,
    text: [
      `Namaste ${input.firstName},`,
      "",
      `Thank you for signing up at ${SELLER.brand}. To finish, set your password here:`,
      input.link,
      "",
      `The link works once and expires in ${input.validHours} hours. If you did not sign up, ignore this e-mail.`,
      "",
      signature,
    ].join("\n"),
  };
}

/** A sign-up with a password: the account works at once; the link proves the address is the shopper's. */
export function verifyEmailEmail(input: { firstName: string; link: string; loginUrl: string; validHours: number }) {
  return {
    subject: `Confirm your e-mail address for ${SELLER.brand}`,
    text: [
      `Namaste ${input.firstName},`,
      "",
      `Thank you for signing up at ${SELLER.brand}. Your account is ready: log in with your password at`,
      input.loginUrl,
      "",
      "Please also confirm that this e-mail address is yours:",
      input.link,
      "",
      `The link works once and expires in ${input.validHours} hours. If you did not sign up, ignore this e-mail.`,
      "",
      signature,
    ].join("\n"),
  };
}

/**
 * Someone signed up with an address that already has an account. The sign-up answered as usual (no
 * account enumeration); the owner hears of it here, with a new set-password link if they never set one.
 */
export function accountExistsEmail(input: {
  firstName: string;
  loginUrl: string;
  setPasswordLink?: string;
  validHours: number;
}) {
  const next = input.setPasswordLink
    ? [
        "Your account has no password yet. Set it here (the link works once and expires in",
        `${input.validHours} hours):`,
        input.setPasswordLink,
      ]
    : ["If it was you, simply log in with your password at", input.loginUrl];
  return {
    subject: `You already have an account at ${SELLER.brand}`,
    text: [
      `Namaste ${input.firstName},`,
      "",
      `Someone, perhaps you, tried to sign up at ${SELLER.brand} with this e-mail address, which already has`,
      "an account. No new account was made and nothing in yours has changed.",
      "",
      ...next,
      "",
      `If it was not you, you can ignore this e-mail. Questions: ${SELLER.supportEmail}`,
      "",
      signature,
    ].join("\n"),
  };
}

/** Someone was given access to the back office: how to get in (a set-password link for a new account). */
export function staffAccessEmail(input: {
  role: "admin" | "staff";
  invitedBy: string;
  setPasswordLink?: string;
  loginUrl: string;
  adminUrl: string;
  validHours: number;
}) {
  const what = input.role === "admin" ? "an owner of the shop's back office" : "staff in the shop's back office";
  const next = input.setPasswordLink
    ? [
        "First set your password here (the link works once and expires in",
        `${input.validHours} hours):`,
        input.setPasswordLink,
        "",
        `Then log in at ${input.loginUrl} and open ${input.adminUrl}`,
      ]
    : [`Log in with your usual password at ${input.loginUrl} and open ${input.adminUrl}`];
  return {
    subject: `You have access to the ${SELLER.brand} back office`,
    text: [
      "Namaste,",
      "",
      `${input.invitedBy} has added you as ${what} at ${SELLER.brand}.`,
      "",
      ...next,
      "",
      `If you did not expect this, write to ${SELLER.supportEmail}.`,
      "",
      signature,
    ].join("\n"),
  };
}
