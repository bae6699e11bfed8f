import {
  HOME_STRIP_NAMES,
  homeCategoryCreateSchema,
  homeCategoryPatchSchema,
  type AdminHomeCategory,
} from "@store/shared";
import { adminMeta } from "../../components/admin/admin-meta";
import { CrudScreen } from "../../components/admin/crud-screen";
import type { CrudConfig } from "../../components/admin/crud-types";

export function meta() {
  return adminMeta("Home strip");
}

const HOME_STRIP: CrudConfig<AdminHomeCategory> = {
  title: "Home strip",
  lead: "The home page's shop-by-category tiles, lowest position first.",
  singular: "tile",
  path: "/api/admin/home-categories",
  nameOf: (t) => `tile ${t.name}`,
  createSchema: homeCategoryCreateSchema,
  patchSchema: homeCategoryPatchSchema,
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
    { header: "Link", cell: (t) => <code className="text-xs">{t.navigate_link}</code> },
    { header: "Position", cell: (t) => t.position, className: "tabular-nums" },
  ],
  fields: [
    { name: "name", label: "Name", kind: "select", options: HOME_STRIP_NAMES.map((n) => ({ value: n, label: n })) },
    {
      name: "navigate_link",
      label: "Link",
      kind: "text",
      required: true,
      hint: "A site path such as /women, or an https:// address",
    },
    { name: "media", label: "Image", kind: "media", required: true, wide: true },
    { name: "position", label: "Position", kind: "number", hint: "0 comes first" },
  ],
  blank: { name: HOME_STRIP_NAMES[0], navigate_link: "", media: "", position: "0" },
  valuesOf: (t) => ({ name: t.name, navigate_link: t.navigate_link, media: t.media, position: String(t.position) }),
};

export default function HomeStrip() {
  return <CrudScreen config={HOME_STRIP} />;
}
