import type { AdminProduct } from "@store/shared";
import { Link, useNavigate } from "react-router";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { categoryName } from "../../components/admin/category-name";
import { formatWhen } from "../../components/admin/format";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { ProductEditForm } from "../../components/admin/product-edit-form";
import { ProductStatus } from "../../components/admin/product-status";
import { titleCase } from "../../components/product/category-copy";
import { BUTTON_SECONDARY } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { FormMessage } from "../../components/account/auth-card";
import { Notice, useNotice } from "../../components/ui/notice";
import type { Route } from "./+types/product-edit";
import { useBackOfficeRole } from "../../components/admin/admin-access";

export function meta() {
  return adminMeta("Edit product");
}

/** One product: status switches (they save at once), then one form with one save for everything else. */
export default function ProductEdit({ params }: Route.ComponentProps) {
  const product = useAdminResource<AdminProduct>(`/api/admin/products/${encodeURIComponent(params.id)}`);
  const notice = useNotice();
  const { isOwner } = useBackOfficeRole();
  const data = product.data;
  const duplicating = useAdminAction();
  const navigate = useNavigate();
  async function duplicate(source: AdminProduct) {
    const copy = await duplicating.run(() => adminApi.post<AdminProduct>(`/api/admin/products/${source.id}/duplicate`));
    if (!copy) return;
    await navigate(`/admin/products/${copy.id}`);
    notice.show(`Copied as draft ${copy.product_code}; its stock is 0 until you enter it.`);
  }
  const saved = (next: AdminProduct, message: string) => {
    product.replace(next);
    notice.show(message);
  };
  return (
    <>
      <PageHeader
        title={data ? data.product_name : "Edit product"}
        lead={
          data && (
            <>
              Code {data.product_code} · {categoryName(data.category)}
              {data.subcategory_name ? ` · ${titleCase(data.subcategory_name)}` : ""} · updated{" "}
              {formatWhen(data.updated_at)}
            </>
          )
        }
        actions={
          <>
            <Link to="/admin/products" className={BUTTON_SECONDARY}>
              All products
            </Link>
            {data && (
              <>
                <Link to={`/product/${data.id}`} className={BUTTON_SECONDARY}>
                  View in shop
                </Link>
                {isOwner && (
                  <button
                    type="button"
                    className={BUTTON_SECONDARY}
                    disabled={duplicating.busy}
                    onClick={() => void duplicate(data)}
                  >
                    {duplicating.busy ? "Copying..." : "Duplicate"}
                  </button>
                )}
              </>
            )}
          </>
        }
      />
      {!data ? (
        <LoadState error={product.error} onRetry={product.reload} />
      ) : !isOwner ? (
        // Staff read products but do not change them, their prices or stock (decision 027).
        <p className="rounded-2xl bg-linen/60 p-5 text-charcoal">
          Only the owner can change products, prices and stock. Ask the owner if something here needs correcting.
        </p>
      ) : (
        <div className="space-y-6">
          {duplicating.failure && <FormMessage tone="error">{duplicating.failure.message}</FormMessage>}
          <ProductStatus product={data} onSaved={saved} />
          <ProductEditForm key={data.id} product={data} onSaved={saved} />
        </div>
      )}
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}
