import { homeCategoryPatchSchema, type AdminHomeCategory } from "@store/shared";
import { adminMeta } from "../../components/admin/admin-meta";
import { CrudScreen } from "../../components/admin/crud-screen";
import type { CrudConfig } from "../../components/admin/crud-types";
import { yesNo } from "../../components/admin/format";

export function meta() {
  return adminMeta("Home strip");
}

const HOME_STRIP: CrudConfig<AdminHomeCategory> = {
  title: "Home strip",
  lead: "The home page's ten shop-by-category tiles (the spec's names): lowest position first; hidden tiles are left out.",
  singular: "tile",
  path: "/api/admin/home-categories",
  nameOf: (t) => `tile ${t.name}`,
  // Never sent: a fixed set is not added to (no create route either).
  createSchema: homeCategoryPatchSchema,
  patchSchema: homeCategoryPatchSchema,
  fixed: true,
  columns: [
    {
      header: "Name",
      cell: (t) => (
        <span className="flex items-center gap-3">
          <img src={t.media} alt="" className="h-10 w-10 rounded object-cover" />
          {t.name}
        </span>
      ),
    },
    { header: "Link", cell: (t) => <code className="break-all text-xs">{t.navigate_link}</code> },
    { header: "Position", cell: (t) => t.position, className: "tabular-nums" },
    { header: "Shown", cell: (t) => yesNo(t.is_shown) },
  ],
  fields: [
    {
      name: "navigate_link",
      label: "Link",
      kind: "text",
      required: true,
      hint: "A site path such as /women, or an https:// address",
    },
    { name: "position", label: "Position", kind: "number", hint: "0 comes first" },
    { name: "media", label: "Image", kind: "media", required: true, wide: true },
    { name: "is_shown", label: "Shown on the home page", kind: "checkbox", hint: "Unticked: hidden from shoppers" },
  ],
  blank: { navigate_link: "", media: "", position: "0", is_shown: true },
  valuesOf: (t) => ({
    navigate_link: t.navigate_link,
    media: t.media,
    position: String(t.position),
    is_shown: t.is_shown,
  }),
};

export default function HomeStrip() {
  return <CrudScreen config={HOME_STRIP} />;
}
