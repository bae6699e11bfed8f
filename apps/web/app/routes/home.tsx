import { SELLER } from "@store/shared";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: `${SELLER.brand} | Handcrafted Indian home decor, textiles and garments` },
    { name: "description", content: "Hand block printed dresses, kantha cushion covers, jute rugs and more, made by artisans in Jaipur." },
  ];
}

export default function Home() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-semibold text-indigo-ink">Handcrafted in Jaipur</h1>
      <p className="mt-4 max-w-2xl text-lg">Block prints, kantha, jute and sheesham wood, from our artisans to your home.</p>
    </section>
  );
}
