import { blogCreateSchema, blogPatchSchema, type AdminBlog } from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { CrudScreen } from "../../components/admin/crud-screen";
import type { CrudConfig } from "../../components/admin/crud-types";
import { itemsToLines, toLocalInput } from "../../components/admin/crud-values";
import { formatWhen, yesNo } from "../../components/admin/format";

export function meta() {
  return adminMeta("Blog posts");
}

const BLOGS: CrudConfig<AdminBlog> = {
  title: "Blog posts",
  lead: "Write the post with the editor's buttons (or Ctrl+B, Ctrl+I); press Enter for a new paragraph.",
  singular: "blog post",
  path: "/api/admin/blogs",
  nameOf: (b) => `post "${b.title}"`,
  createSchema: blogCreateSchema,
  patchSchema: blogPatchSchema,
  columns: [
    {
      header: "Title",
      cell: (b) => (
        <Link
          to={`/blog/${b.id}`}
          className="block max-w-md whitespace-normal text-indigo-ink underline-offset-4 hover:underline"
        >
          {b.title}
        </Link>
      ),
    },
    { header: "Date", cell: (b) => formatWhen(b.date) },
    { header: "Published", cell: (b) => yesNo(b.is_published) },
  ],
  fields: [
    { name: "title", label: "Title", kind: "text", required: true, wide: true },
    { name: "image", label: "Cover image", kind: "media", required: true, wide: true },
    {
      name: "product_link",
      label: "Product link",
      kind: "text",
      hint: "Optional: paste the address of a page of this shop as copied from the browser, or a path such as /product/12",
    },
    { name: "date", label: "Date (your local time)", kind: "datetime", hint: "Empty: now" },
    { name: "description", label: "Post", kind: "rich", required: true, wide: true },
    {
      name: "key_features",
      label: "Key features",
      kind: "lines",
      wide: true,
      hint: "One a line, as Title: text (e.g. Natural dyes: indigo and madder). Empty: the shop's standard four",
    },
    { name: "is_published", label: "Published", kind: "checkbox", hint: "Shown on the blog" },
  ],
  blank: { title: "", image: "", product_link: "", date: "", description: "", key_features: "", is_published: true },
  valuesOf: (b) => ({
    title: b.title,
    image: b.image,
    product_link: b.product_link ?? "",
    date: toLocalInput(b.date),
    description: b.description,
    key_features: itemsToLines(b.key_features),
    is_published: b.is_published,
  }),
};

export default function Blogs() {
  return <CrudScreen config={BLOGS} />;
}
