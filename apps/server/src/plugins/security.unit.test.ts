import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { securityHeaders } from "./security";

function csp(env: Record<string, string>) {
  const options = securityHeaders(loadConfig({ NODE_ENV: "production", ...env }));
  const policy = options.contentSecurityPolicy;
  if (!policy || policy === true) throw new Error("no CSP");
  return policy.directives as Record<string, string[]>;
}

describe("content security policy", () => {
  it("allows only our own origin when no provider keys are set", () => {
    const directives = csp({});
    expect(directives.scriptSrc).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.frameSrc).toEqual(["'none'"]);
  });

  it("admits a real provider's checkout only when its keys are configured", () => {
    const directives = csp({ RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "secret" });
    expect(directives.scriptSrc).toContain("https://checkout.razorpay.com");
    expect(directives.frameSrc).toContain("https://api.razorpay.com");
    expect(directives.scriptSrc).not.toContain("https://www.paypal.com");
  });
});
