import { RATING_MAX, testimonialCreateSchema, testimonialPatchSchema, type AdminTestimonial } from "@store/shared";
import { adminMeta } from "../../components/admin/admin-meta";
import { CrudScreen } from "../../components/admin/crud-screen";
import type { CrudConfig } from "../../components/admin/crud-types";

export function meta() {
  return adminMeta("Testimonials");
}

/** 1 to 5 in half steps, as the home page's stars show them. */
const RATINGS = Array.from({ length: RATING_MAX * 2 - 1 }, (_, i) => String(1 + i / 2)).reverse();

const TESTIMONIALS: CrudConfig<AdminTestimonial> = {
  title: "Testimonials",
  lead: "Shown on the home page, lowest position first.",
  singular: "testimonial",
  path: "/api/admin/testimonials",
  nameOf: (t) => `testimonial by ${t.name}`,
  createSchema: testimonialCreateSchema,
  patchSchema: testimonialPatchSchema,
  columns: [
    { header: "Name", cell: (t) => t.name },
    { header: "Rating", cell: (t) => `${t.rating} of ${RATING_MAX}` },
    { header: "Message", cell: (t) => <span className="block max-w-md whitespace-normal">{t.message}</span> },
    { header: "Position", cell: (t) => t.position, className: "tabular-nums" },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true },
    {
      name: "rating",
      label: "Rating",
      kind: "select",
      options: RATINGS.map((r) => ({ value: r, label: `${r} of ${RATING_MAX}` })),
    },
    { name: "message", label: "Message", kind: "textarea", required: true, wide: true },
    { name: "position", label: "Position", kind: "number", hint: "0 comes first" },
  ],
  blank: { name: "", rating: "5", message: "", position: "0" },
  valuesOf: (t) => ({ name: t.name, rating: String(t.rating), message: t.message, position: String(t.position) }),
};

export default function Testimonials() {
  return <CrudScreen config={TESTIMONIALS} />;
}
