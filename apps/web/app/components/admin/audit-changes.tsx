import type { AuditLogResponse } from "@store/shared";

type Changes = AuditLogResponse["data"][number]["changes"];

/** A stored value in words: empty for nothing, JSON for a list or record (sizes, images), cut when long. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Each changed field with its value before and after, as a list a phone can show without scrolling sideways. */
export function AuditChanges({ changes }: { changes: Changes }) {
  const fields = Object.entries(changes ?? {});
  if (fields.length === 0) return <span className="text-charcoal/75">No field changes recorded</span>;
  return (
    <dl className="space-y-1.5">
      {fields.map(([field, change]) => (
        <div key={field} className="break-words">
          <dt className="text-xs font-semibold uppercase tracking-wide text-charcoal/80">{field.replace(/_/g, " ")}</dt>
          <dd className="text-sm">
            <span className="sr-only">before: </span>
            <del className="text-madder">{shown(change.before)}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only">, after: </span>
            <ins className="font-medium text-green-800 no-underline">{shown(change.after)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
