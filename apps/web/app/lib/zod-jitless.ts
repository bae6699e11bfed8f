/**
 * In the browser, zod parses without compiling parsers from strings: our Content-Security-Policy has no
 * 'unsafe-eval', and zod's check for it (a `new Function` in a try) is reported as a CSP violation.
 *
 * This is `z.config({ jitless: true })` without importing zod: zod keeps its settings in
 * `globalThis.__zod_globalConfig` (shared by every copy of zod, see zod/v4/core/core.js), and the
 * setting must be in place before any module builds a schema. root.tsx imports this first; importing
 * zod's `config` here instead would move part of zod into the code every page loads (decision 012).
 * The server keeps compiled parsers (no CSP there, and its API parses every request).
 * e2e/tests/page-speed.spec.ts fails if a form page reports the violation again.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

if (typeof document !== "undefined") (globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
