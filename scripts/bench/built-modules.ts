/**
 * The entry points of the built package, loaded for the in-process
 * benchmarks: they time the JavaScript a consumer runs (the build's
 * output), not the TypeScript sources through a development loader.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

export type PaymentsModule = typeof import("../../generated/payments/index.js");
export type SubscriptionsModule = typeof import("../../generated/subscriptions/index.js");

export interface BuiltModules {
  readonly payments: PaymentsModule;
  readonly subscriptions: SubscriptionsModule;
}

/** Imports `dist/payments/index.js` and `dist/subscriptions/index.js` of the package built in `packageDir`. */
export async function loadBuiltModules(packageDir: string): Promise<BuiltModules> {
  const entry = (service: string): string =>
    pathToFileURL(path.join(packageDir, "dist", service, "index.js")).href;
  const payments = (await import(entry("payments"))) as PaymentsModule;
  const subscriptions = (await import(entry("subscriptions"))) as SubscriptionsModule;
  return { payments, subscriptions };
}
