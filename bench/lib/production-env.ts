/**
 * Imported first by the benchmarks that run the store in their own process: the modules that follow (React's
 * server renderer for the e-mails, among them) load as a deployed store loads them, in production mode. React
 * picks its build when first imported, so setting the variable later, in the benchmark's body, is too late.
 */
process.env.NODE_ENV = "production";
