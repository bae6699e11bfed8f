/**
 * The simulator's fixed test credentials. Public on purpose: they only ever unlock the simulator, and an
 * order paid through it is a test order. Real keys in the environment replace them (and the simulator).
 */
export const SIMULATOR_CREDENTIALS = {
  razorpay: {
    keyId: "rzp_test_simulator",
    keySecret: "simulator_razorpay_key_secret",
    webhookSecret: "simulator_razorpay_webhook_secret",
  },
  paypal: {
    clientId: "simulator-paypal-client-id",
    clientSecret: "simulator-paypal-client-secret",
    webhookId: "WH-SIMULATOR",
    /** Signs the simulated PayPal webhook transmissions (real PayPal uses a certificate). */
    transmissionKey: "simulator-paypal-transmission-key",
  },
} as const;

export const SIMULATOR_PREFIX = "/sim";
