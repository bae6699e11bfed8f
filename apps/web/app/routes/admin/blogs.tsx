import { blogCreateSchema, blogPatchSchema, type AdminBlog } from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { CrudScreen } from "../../components/admin/crud-screen";
import type { CrudConfig } from "../../components/admin/crud-types";
import { toLocalInput } from "../../components/admin/crud-values";
import { formatWhen, yesNo } from "../../components/admin/format";
import { HtmlPreview } from "../../components/admin/html-preview";

export function meta() {
  return adminMeta("Blog posts");
}

const BLOGS: CrudConfig<AdminBlog> = {
  title: "Blog posts",
  lead: "Posts are HTML; the server keeps only safe tags when saving.",
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
      hint: "Optional: a site path such as /women/dresses, or an https:// address",
    },
    { name: "date", label: "Date (your local time)", kind: "datetime", hint: "Empty: now" },
    { name: "description", label: "Post (HTML)", kind: "html", required: true, wide: true },
    { name: "is_published", label: "Published", kind: "checkbox", hint: "Shown on the blog" },
  ],
  blank: { title: "", image: "", product_link: "", date: "", description: "", is_published: true },
  valuesOf: (b) => ({
    title: b.title,
    image: b.image,
    product_link: b.product_link ?? "",
    date: toLocalInput(b.date),
    description: b.description,
    is_published: b.is_published,
  }),
  preview: (values) => (
    <HtmlPreview title="Preview" html={typeof values.description === "string" ? values.description : ""} />
  ),
};

export default function Blogs() {
  return <CrudScreen config={BLOGS} />;
}
