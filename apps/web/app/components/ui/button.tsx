import type { ComponentProps } from "react";
import { Link } from "react-router";

/**
 * The storefront's buttons, written once: a pill in three colours and four sizes, plus a text-like
 * "link" look for small actions inside a sentence or a box. The back office keeps its own denser
 * buttons (components/admin/styles.ts).
 */
export type ButtonVariant = "primary" | "secondary" | "accent" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "xl";
export type ButtonLook = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

const PILL =
  "inline-flex items-center justify-center gap-2 rounded-full text-center transition disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: `${PILL} bg-indigo-ink text-white shadow-sm hover:bg-madder`,
  accent: `${PILL} bg-madder text-white shadow-sm hover:bg-indigo-ink`,
  secondary: `${PILL} border-2 border-indigo-ink text-indigo-ink hover:bg-indigo-ink hover:text-white`,
  link: "font-medium text-madder underline-offset-4 hover:underline disabled:opacity-60",
};

/** Padding and type; the "link" look has none, it sits in running text. */
const SIZES: Record<ButtonSize, string> = {
  sm: "px-5 py-2 text-sm font-semibold",
  md: "px-6 py-2.5 font-medium",
  lg: "px-8 py-3 font-medium",
  xl: "px-8 py-3.5 text-lg font-semibold",
};

/**
 * The class names of a button look, for elements that are not a <button> or a <Link> (an outside <a>).
 * `className` is for placement only (margins, width, flex): it must not restate colours or padding,
 * which Tailwind would resolve by stylesheet order, not by the order written here.
 */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonLook = {}): string {
  const sized = variant === "link" ? VARIANTS.link : `${VARIANTS[variant]} ${SIZES[size]}`;
  return className ? `${sized} ${className}` : sized;
}

type ButtonProps = Omit<ComponentProps<"button">, "className"> & ButtonLook;

/** A <button> in one of the shop's looks; `type` defaults to "button" so it never submits by accident. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

type ButtonLinkProps = Omit<ComponentProps<typeof Link>, "className"> & ButtonLook;

/** A navigation that looks like a button (a call to action), still a link for assistive technology. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, className })} {...props} />;
}
