import {
  RETURN_WINDOW_CLOSED,
  formatMoney,
  isReturnFromAbroad,
  shopperTimeText,
  sizeLabel,
  type OrderDetail,
  type ReturnView,
} from "@store/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../ui/button";
import { SendBackSteps } from "./return-abroad";
import { freePieces, ReturnRequestForm } from "./return-request-form";

const CARD = "rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8";

/**
 * Returns and exchanges on a delivered order's page (issue 16): the requests made, and within 48 hours of
 * delivery the form to ask for one; after that, the policy's words and the way to the seller.
 */
export function OrderReturns({ order, linkSecret }: { order: OrderDetail; linkSecret: string | null }) {
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<ReturnView[]>([]);
  // Requests changed on this page since it loaded (a parcel's tracking entered), by id.
  const [changed, setChanged] = useState<Map<number, ReturnView>>(new Map());
  const closesAt = order.return_window_closes_at;
  if (!closesAt && order.returns.length === 0) return null;
  const requests = [...made, ...order.returns].map((request) => changed.get(request.id) ?? request);
  const withMade = { ...order, returns: requests };
  const inTime = order.status === "delivered" && closesAt !== null && Date.parse(closesAt) > Date.now();
  // Within the window, while some piece is not yet in a request.
  const open = inTime && [...freePieces(withMade).values()].some((left) => left > 0);

  return (
    <section aria-labelledby="order-returns-heading" className={CARD}>
      <h2 id="order-returns-heading" className="text-2xl font-semibold text-indigo-ink">
        Returns and exchanges
      </h2>
      {requests.length > 0 && (
        <ul className="mt-4 space-y-4">
          {requests.map((request) => (
            <li key={request.id}>
              <ReturnSummary
                request={request}
                order={order}
                linkSecret={linkSecret}
                onChange={(next) => setChanged((map) => new Map(map).set(next.id, next))}
              />
            </li>
          ))}
        </ul>
      )}
      {open ? (
        asking ? (
          <ReturnRequestForm
            order={withMade}
            linkSecret={linkSecret}
            onDone={(request) => {
              setMade((list) => [request, ...list]);
              setAsking(false);
            }}
            onCancel={() => setAsking(false)}
          />
        ) : (
          <div className="mt-4">
            <p className="text-sm text-charcoal/85">
              You can ask for {isReturnFromAbroad(order.delivery.country) ? "a return" : "a return or another size"}{" "}
              until {shopperTimeText(closesAt, order.time_zone, order.delivery.country)}.
            </p>
            <Button className="mt-3" onClick={() => setAsking(true)}>
              Return or exchange pieces
            </Button>
          </div>
        )
      ) : (
        order.status === "delivered" &&
        !inTime && (
          <p className="mt-4 text-sm text-charcoal/85">
            {RETURN_WINDOW_CLOSED.replace(" at /contact-us", "")}{" "}
            <Link to="/contact-us" className="font-semibold text-madder underline underline-offset-4">
              Contact us
            </Link>
          </p>
        )
      )}
    </section>
  );
}

function ReturnSummary({
  request,
  order,
  linkSecret,
  onChange,
}: {
  request: ReturnView;
  order: OrderDetail;
  linkSecret: string | null;
  onChange: (request: ReturnView) => void;
}) {
  return (
    <article className="rounded-2xl bg-cream/50 p-4 text-sm">
      <h3 className="font-semibold text-charcoal">
        {request.kind === "exchange" ? "Exchange" : "Return"} #{request.id}: {request.status_label}
      </h3>
      <ul className="mt-1 list-disc pl-5">
        {request.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.product_name} (size {sizeLabel(line.size)})
            {line.exchange_size && ` for size ${sizeLabel(line.exchange_size)}`}
          </li>
        ))}
      </ul>
      {request.kind === "return" && (
        <p className="mt-1">
          Refund: {formatMoney(request.accepted_refund ?? request.refund, request.currency)}
          {request.accepted_refund !== null && request.accepted_refund < request.refund && " (part of it accepted)"}
          {request.refund_via === "store_credit"
            ? " as store credit in your account"
            : request.refund_to
              ? ` to ${request.refund_to}`
              : order.bank_transfer && " by bank transfer to the account you paid from"}
        </p>
      )}
      {request.pickup && (
        <p className="mt-1">
          Pickup by {request.pickup.courier}, AWB {request.pickup.awb}
          {request.pickup.tracking_url && (
            <>
              {" · "}
              <a href={request.pickup.tracking_url} className="font-semibold text-madder underline" rel="noreferrer">
                Track the pickup
              </a>
            </>
          )}
        </p>
      )}
      {request.seller_note && <p className="mt-1">From us: {request.seller_note}</p>}
      {request.sent_by_shopper && request.status === "approved" && (
        <SendBackSteps order={order} request={request} linkSecret={linkSecret} onSent={onChange} />
      )}
      {request.sent_by_shopper && request.status !== "approved" && request.shopper_parcel && (
        <p className="mt-1">
          Sent back with {request.shopper_parcel.carrier}, tracking number {request.shopper_parcel.tracking_number}
        </p>
      )}
      {request.inspection?.note && <p className="mt-1">When we checked the parcel: {request.inspection.note}</p>}
    </article>
  );
}
