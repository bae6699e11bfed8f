/*
 * The payment simulator's stand-in for PayPal's JS SDK (test mode only). Same API as the real one:
 *   paypal.Buttons({ createOrder, onApprove, onCancel, onError }).render("#paypal-buttons");
 * "Pay with PayPal" calls createOrder() for the order id, approves it as the payer would, then calls
 * onApprove({ orderID, payerID }); the page then asks our server to capture it (verify-payment).
 */
(function () {
  "use strict";

  function post(path, body) {
    return fetch("/sim/paypal/checkout" + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok) throw new Error(json.message || "The PayPal simulator refused the request.");
        return json;
      });
    });
  }

  function Buttons(options) {
    var o = options || {};
    var lastOrderId = null;

    function failed(err) {
      if (typeof o.onError === "function") o.onError(err instanceof Error ? err : new Error(String(err)));
    }

    return {
      isEligible: function () {
        return true;
      },
      render: function (target) {
        var host = typeof target === "string" ? document.querySelector(target) : target;
        if (!host) return Promise.reject(new Error("PayPal simulator: the container was not found."));
        var group = document.createElement("div");
        group.setAttribute("role", "group");
        group.setAttribute("aria-label", "PayPal (test payment)");
        Object.assign(group.style, {
          display: "flex",
          flexDirection: "column",
          gap: "8px",
          fontFamily: "system-ui, sans-serif",
        });

        function button(label, background, color, onClick) {
          var b = document.createElement("button");
          b.type = "button";
          b.textContent = label;
          Object.assign(b.style, {
            padding: "12px",
            border: "0",
            borderRadius: "24px",
            background: background,
            color: color,
            fontSize: "1rem",
            cursor: "pointer",
          });
          b.addEventListener("click", function () {
            Array.prototype.forEach.call(group.children, function (c) {
              c.disabled = true;
            });
            Promise.resolve(onClick())
              .catch(failed)
              .then(function () {
                Array.prototype.forEach.call(group.children, function (c) {
                  c.disabled = false;
                });
              });
          });
          group.appendChild(b);
        }

        button("Pay with PayPal", "#ffc439", "#111", function () {
          return Promise.resolve(typeof o.createOrder === "function" ? o.createOrder({}, {}) : null)
            .then(function (orderId) {
              if (!orderId) throw new Error("createOrder did not return an order id.");
              lastOrderId = orderId;
              return post("/approve", { order_id: orderId });
            })
            .then(function (approval) {
              if (typeof o.onApprove === "function")
                return o.onApprove({ orderID: approval.orderID, payerID: approval.payerID }, {});
            });
        });
        button("Cancel PayPal", "#555", "#fff", function () {
          if (typeof o.onCancel === "function") o.onCancel({ orderID: lastOrderId });
        });
        button("Fail PayPal", "#b00020", "#fff", function () {
          failed(new Error("PayPal payment failed (simulated)."));
        });

        host.appendChild(group);
        return Promise.resolve();
      },
    };
  }

  window.paypal = { Buttons: Buttons, version: "simulator" };
})();
