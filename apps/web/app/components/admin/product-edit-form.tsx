import { productPatchSchema, type AdminProduct } from "@store/shared";
import { useEffect, useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { ProductFields, type SetDetail } from "./product-fields";
import { changedDetails, detailsOf, FIELD_ORDER, fieldId, type ProductDetails } from "./product-values";
import { BUTTON_PRIMARY } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/**
 * Every add-item field of a stored product. Only changed fields are sent (the audit log then shows what
 * the seller meant to change); activation and top selling are switches of their own (product-status).
 */
export function ProductEditForm({
  product,
  onSaved,
}: {
  product: AdminProduct;
  onSaved: (product: AdminProduct, message: string) => void;
}) {
  const [saved, setSaved] = useState<ProductDetails>(() => detailsOf(product));
  const [values, setValues] = useState<ProductDetails>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAdminAction();

  useEffect(() => {
    if (action.failure) focusFirstError(FIELD_ORDER, action.failure.fields, fieldId);
  }, [action.failure]);

  const set: SetDetail = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: "" }));
  };
  const shown: FieldErrors = {
    ...action.failure?.fields,
    ...Object.fromEntries(Object.entries(errors).filter(([, m]) => m)),
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = changedDetails(saved, values);
    if (Object.keys(changes).length === 0) {
      action.setFailure({ message: "Nothing has changed.", fields: {} });
      return;
    }
    const parsed = productPatchSchema.safeParse(changes);
    if (!parsed.success) {
      const fields = fieldsFromIssues(parsed.error.issues);
      setErrors(fields);
      focusFirstError(FIELD_ORDER, fields, fieldId);
      return;
    }
    setErrors({});
    const result = await action.run(() =>
      adminApi.patch<AdminProduct>(`/api/admin/products/${product.id}`, parsed.data),
    );
    if (!result) return;
    const next = detailsOf(result);
    setSaved(next);
    setValues(next);
    onSaved(result, "Product details saved.");
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Product details" aria-busy={action.busy} className="space-y-6">
      <ProductFields values={values} set={set} errors={shown} flags={["new_arrival"]} />
      {action.failure && <FormMessage tone="error">{action.failure.message}</FormMessage>}
      <button type="submit" className={`${BUTTON_PRIMARY} px-8 py-3 text-base`} disabled={action.busy}>
        {action.busy ? "Saving..." : "Save details"}
      </button>
    </form>
  );
}
