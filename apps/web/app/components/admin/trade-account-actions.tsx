import type { FormEvent } from "react";
import type { TradeApplication, TradeGroup } from "@store/shared";
import { adminApi } from "./admin-api";
import { BUTTON_LINK, CONTROL } from "./styles";

/** Runs one of the screen's writes and says `said` when it went through. */
export type TradeChange = (run: () => Promise<unknown>, said: string) => Promise<void>;

export const TRADE_STATUS_LABELS: Record<TradeApplication["status"], string> = {
  open: "Open",
  approved: "Approved",
  declined: "Declined",
  revoked: "Revoked",
};

const fieldOf = (event: FormEvent<HTMLFormElement>, name: string) => {
  event.preventDefault();
  const value = new FormData(event.currentTarget).get(name);
  return typeof value === "string" ? value : "";
};
// The server says what is wrong with anything else ("Choose a trade group").
const groupId = (value: string) => (/^\d+$/.test(value) ? Number(value) : value);

function GroupForm(props: {
  application: TradeApplication;
  groups: readonly TradeGroup[];
  label: string;
  verb: string;
  onGroup: (groupId: number | string) => void;
}) {
  const { application: a } = props;
  const id = `${props.verb.toLowerCase()}-group-${a.id}`;
  return (
    <form className="flex flex-wrap gap-2" onSubmit={(e) => props.onGroup(groupId(fieldOf(e, "group_id")))}>
      <label className="sr-only" htmlFor={id}>
        {props.label}
      </label>
      <select id={id} name="group_id" className={`${CONTROL} min-w-[11rem] flex-1`} defaultValue="">
        <option value="">Choose a group</option>
        {props.groups
          .filter((g) => g.id !== a.group_id)
          .map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
      </select>
      <button type="submit" className={BUTTON_LINK}>
        {props.verb}
      </button>
    </form>
  );
}

function ReasonForm(props: {
  application: TradeApplication;
  label: string;
  verb: string;
  onReason: (r: string) => void;
}) {
  const id = `${props.verb.toLowerCase()}-reason-${props.application.id}`;
  return (
    <form className="flex flex-wrap gap-2" onSubmit={(e) => props.onReason(fieldOf(e, "reason"))}>
      <label className="sr-only" htmlFor={id}>
        {props.label}
      </label>
      <input id={id} name="reason" className={CONTROL} placeholder="Reason told to the business" />
      <button type="submit" className={BUTTON_LINK}>
        {props.verb}
      </button>
    </form>
  );
}

/**
 * What the owner may do with an application (decision 097): decide an open one; move an approved account to
 * another group or revoke it with a reason; reinstate a revoked one into a group.
 */
export function TradeAccountActions(props: {
  application: TradeApplication;
  groups: readonly TradeGroup[];
  change: TradeChange;
}) {
  const { application: a, change } = props;
  const url = (action: string) => `/api/admin/trade/applications/${a.id}/${action}`;
  const name = a.business_name;
  const post = (action: string, body: Record<string, unknown>, said: string) =>
    void change(() => adminApi.post(url(action), body), said);
  if (a.status === "open")
    return (
      <div className="flex flex-col gap-2">
        <GroupForm
          {...props}
          label={`Trade group for ${name}`}
          verb="Approve"
          onGroup={(group_id) => post("approve", { group_id }, `${name} approved.`)}
        />
        <ReasonForm
          {...props}
          label={`Reason for declining ${name}`}
          verb="Decline"
          onReason={(reason) => post("decline", { reason }, `${name} declined.`)}
        />
      </div>
    );
  if (a.status === "approved")
    return (
      <div className="flex flex-col gap-2">
        <p>Group: {a.group_name}</p>
        <GroupForm
          {...props}
          label={`Move ${name} to another group`}
          verb="Move"
          onGroup={(group_id) => post("move", { group_id }, `${name} moved.`)}
        />
        <ReasonForm
          {...props}
          label={`Reason for revoking ${name}`}
          verb="Revoke"
          onReason={(reason) => post("revoke", { reason }, `${name} revoked: retail prices from now on.`)}
        />
      </div>
    );
  if (a.status === "revoked")
    return (
      <div className="flex flex-col gap-2">
        <p>Reason: {a.revoke_reason}</p>
        <GroupForm
          {...props}
          label={`Trade group to reinstate ${name} into`}
          verb="Reinstate"
          onGroup={(group_id) => post("reinstate", { group_id }, `${name} reinstated.`)}
        />
      </div>
    );
  return <p>Reason: {a.decline_reason}</p>;
}
