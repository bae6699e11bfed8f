import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { loadConfig, type AppConfig } from "../config";
import { createPaymentGateway } from "../modules/payments/gateway";
import { pagePolicy, securityHeaders } from "./security";

/** The origins app.ts hands in: the registered providers' widgets, for those whose keys are set. */
const origins = (config: AppConfig) => createPaymentGateway(config).widgetOrigins;

function csp(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: "production", ...env });
  const options = securityHeaders(config, origins(config));
  const policy = options.contentSecurityPolicy;
  if (!policy || policy === true) throw new Error("no CSP");
  return policy.directives as Record<string, string[]>;
}

describe("content security policy", () => {
  it("allows only our own origin when no provider keys are set", () => {
    const directives = csp({});
    expect(directives.scriptSrc).toEqual(["'self'"]);
    expect(directives.frameSrc).toEqual(["'none'"]);
  });

  it("admits a real provider's checkout only when its keys are configured", () => {
    const directives = csp({ RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "secret" });
    expect(directives.scriptSrc).toContain("https://checkout.razorpay.com");
    expect(directives.frameSrc).toContain("https://api.razorpay.com");
    expect(directives.scriptSrc).not.toContain("https://www.paypal.com");
  });
});

describe("a page's policy", () => {
  function pageHeader(env: Record<string, string>, nonce: string): string {
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    const config = loadConfig({ NODE_ENV: "production", ...env });
    pagePolicy(config, origins(config))(request, response, `'nonce-${nonce}'`);
    return String(response.getHeader("content-security-policy"));
  }

  it("names the page's nonce beside our origin and the configured providers, and nothing inline", () => {
    const header = pageHeader({ RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "secret" }, "bm9uY2U=");
    const scriptSrc = header.split(";").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-bm9uY2U=' https://checkout.razorpay.com https://api.razorpay.com");
    expect(header).toContain("frame-ancestors 'none'");
  });

  it("changes only the nonce from one page to the next", () => {
    expect(pageHeader({}, "b25l").replace("b25l", "x")).toBe(pageHeader({}, "dHdv").replace("dHdv", "x"));
  });
});
