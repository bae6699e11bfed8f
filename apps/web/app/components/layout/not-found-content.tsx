import { MESSAGES } from "@store/shared";
import { Link } from "react-router";

export function NotFoundContent() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold text-indigo-ink">{MESSAGES.notFoundTitle}</h1>
      <p className="mt-4 text-lg">The page you are looking for has moved or never existed.</p>
      <Link to="/" className="mt-8 inline-block rounded-full bg-indigo-ink px-6 py-3 font-medium text-white hover:bg-madder">
        Go back to the homepage
      </Link>
    </section>
  );
}
