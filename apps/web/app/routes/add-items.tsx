import { AddItemForm } from "../components/admin/add-item-form";
import { adminMeta } from "../components/admin/admin-meta";
import { AdminShell } from "../components/admin/admin-shell";
import { PageHeader } from "../components/admin/page-header";

/**
 * The spec's /add_items form (no guard shown there). Ours creates real products, so it is a back-office
 * screen: only its frame is rendered on the server, the rest in the browser for a signed-in administrator.
 */
export function meta() {
  return adminMeta("Add a product");
}

export default function AddItems() {
  return (
    <AdminShell>
      <PageHeader
        title="Add a product"
        lead="It appears in its category listing and in search as soon as it is saved (when active)."
      />
      <AddItemForm />
    </AdminShell>
  );
}
