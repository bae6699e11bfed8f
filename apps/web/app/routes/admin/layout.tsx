import { Outlet } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { AdminShell } from "../../components/admin/admin-shell";

/** Every /admin screen: the server sends this frame only; admin data is read in the browser with the token. */
export function meta() {
  return adminMeta("Back office");
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
