import { MESSAGES } from "@store/shared";
import { ButtonLink } from "../ui/button";

export function NotFoundContent() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold text-indigo-ink">{MESSAGES.notFoundTitle}</h1>
      <p className="mt-4 text-lg">The page you are looking for has moved or never existed.</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        Go back to the homepage
      </ButtonLink>
    </section>
  );
}
