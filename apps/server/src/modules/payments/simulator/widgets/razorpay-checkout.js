/*
 * The payment simulator's stand-in for Razorpay's checkout.js (test mode only). Same API as the real one:
 *   var rzp = new Razorpay({ key, amount, currency, order_id, name, description, handler, modal: { ondismiss }, prefill });
 *   rzp.on("payment.failed", function (response) { response.error.description });
 *   rzp.open();
 * "Pay now" pays through the simulator and calls handler({ razorpay_payment_id, razorpay_order_id, razorpay_signature }).
 */
(function () {
  "use strict";
  var BASE = "/sim/razorpay/checkout";
  var counter = 0;

  function post(path, body) {
    return fetch(BASE + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok)
          throw new Error((json.error && json.error.description) || "The payment simulator refused the request.");
        return json;
      });
    });
  }

  function node(tag, text, style) {
    var el = document.createElement(tag);
    if (text) el.textContent = text;
    Object.assign(el.style, style || {});
    return el;
  }

  function money(amount, currency) {
    try {
      return new Intl.NumberFormat(currency === "INR" ? "en-IN" : "en-US", {
        style: "currency",
        currency: currency,
      }).format(amount / 100);
    } catch {
      return currency + " " + (amount / 100).toFixed(2);
    }
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
  };

  Razorpay.prototype.close = function () {
    if (!this.overlay) return;
    this.overlay.remove();
    this.overlay = null;
    if (this.returnFocus && this.returnFocus.focus) this.returnFocus.focus();
  };

  Razorpay.prototype.open = function () {
    if (this.overlay) return;
    var o = this.options;
    var id = "sim-rzp-" + ++counter;
    this.returnFocus = document.activeElement;

    var overlay = node("div", "", {
      position: "fixed",
      inset: "0",
      background: "rgba(0,0,0,.55)",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      zIndex: "2147483647",
    });
    var dialog = node("div", "", {
      background: "#fff",
      color: "#1a1a1a",
      borderRadius: "8px",
      padding: "24px",
      width: "min(92vw, 380px)",
      fontFamily: "system-ui, sans-serif",
      boxShadow: "0 8px 32px rgba(0,0,0,.3)",
    });
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-labelledby", id + "-title");
    dialog.setAttribute("aria-describedby", id + "-amount");
    var title = node("h2", (o.name || "Razorpay") + " (test payment)", { margin: "0 0 8px", fontSize: "1.2rem" });
    title.id = id + "-title";
    var amount = node(
      "p",
      "Pay " + money(o.amount, o.currency || "INR") + (o.description ? " for " + o.description : ""),
      { margin: "0 0 16px" },
    );
    amount.id = id + "-amount";
    var status = node("p", "", { color: "#b00020", minHeight: "1.2em", margin: "0 0 8px" });
    status.setAttribute("role", "status");
    var actions = node("div", "", { display: "flex", gap: "8px", flexWrap: "wrap" });

    function button(label, background, onClick) {
      var b = node("button", label, {
        padding: "10px 14px",
        border: "0",
        borderRadius: "4px",
        background: background,
        color: "#fff",
        fontSize: "1rem",
        cursor: "pointer",
      });
      b.type = "button";
      b.addEventListener("click", onClick);
      actions.appendChild(b);
      return b;
    }
    function busy(on) {
      Array.prototype.forEach.call(actions.children, function (b) {
        b.disabled = on;
      });
    }
    var cancel = () => {
      this.close();
      if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
    };

    var pay = button("Pay now", "#0b6b3a", () => {
      busy(true);
      post("/pay", { key_id: o.key, order_id: o.order_id }).then(
        (response) => {
          this.close();
          if (typeof o.handler === "function") o.handler(response);
        },
        function (err) {
          status.textContent = err.message;
          busy(false);
        },
      );
    });
    button("Fail payment", "#b00020", () => {
      busy(true);
      post("/fail", { key_id: o.key, order_id: o.order_id }).then(
        (response) => {
          this.close();
          (this.listeners["payment.failed"] || []).forEach(function (cb) {
            cb(response);
          });
        },
        function (err) {
          status.textContent = err.message;
          busy(false);
        },
      );
    });
    button("Cancel", "#555", cancel);

    // Escape cancels; Tab stays inside the dialog while it is open.
    dialog.addEventListener("keydown", function (event) {
      if (event.key === "Escape") return cancel();
      if (event.key !== "Tab") return;
      var buttons = actions.querySelectorAll("button:not([disabled])");
      var first = buttons[0];
      var last = buttons[buttons.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    });

    dialog.append(title, amount, status, actions);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    this.overlay = overlay;
    pay.focus();
  };

  window.Razorpay = Razorpay;
})();
