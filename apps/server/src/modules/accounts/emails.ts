import { SELLER } from "@store/shared";

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
      `${SELLER.brand} - ${SELLER.supportEmail}`,
    ].join("\n"),
  };
}
