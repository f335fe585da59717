/**
 * The command line's options and the endpoint listing printed at start.
 */
import { parseArgs } from "node:util";
import { DEFAULT_MAX_BODY_BYTES } from "./options.js";
import type { SandboxOptions } from "./options.js";
import type { Sandbox } from "./server.js";

export const USAGE = `usage: npm run sandbox -- [options]

  --port N                    port on 127.0.0.1 (default 4010; 0 picks a free one)
  --data PATH                 keep state in this SQLite file (default: in memory only)
  --merchant NAME             merchant login name and merchant id (default sandbox-merchant)
  --key KEY                   transaction key accepted with the merchant name (default sandbox-transaction-key)
  --namespace NS              SOAP namespace of the answers
  --search-rate-limit N       allow N searches per window (default: no limit)
  --search-rate-window-ms MS  the rate-limit window (default 1000)
  --webhook-time-unit-ms MS   milliseconds per unit of a webhook retry policy (default 60000)
  --require-merchant-header   REST requests must send v-c-merchant-id with the merchant name
  --max-body-bytes N          largest request body (default ${DEFAULT_MAX_BODY_BYTES})
  --help                      show this text`;

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) < min)
    throw new Error(`--${name} needs a whole number of at least ${min}`);
  return Number(value);
}

export function parseCommandLine(argv: readonly string[]): SandboxOptions | "help" {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: "string" },
      data: { type: "string" },
      merchant: { type: "string" },
      key: { type: "string" },
      namespace: { type: "string" },
      "search-rate-limit": { type: "string" },
      "search-rate-window-ms": { type: "string" },
      "webhook-time-unit-ms": { type: "string" },
      "require-merchant-header": { type: "boolean" },
      "max-body-bytes": { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help === true) return "help";
  const port = integer("port", values.port, 0) ?? 4010;
  if (port > 65535) throw new Error("--port must be at most 65535");
  const rate = integer("search-rate-limit", values["search-rate-limit"], 1);
  const windowMs = integer("search-rate-window-ms", values["search-rate-window-ms"], 1) ?? 1000;
  const unit = integer("webhook-time-unit-ms", values["webhook-time-unit-ms"], 1);
  const maxBody = integer("max-body-bytes", values["max-body-bytes"], 1);
  for (const [name, value] of [
    ["merchant", values.merchant],
    ["key", values.key],
    ["namespace", values.namespace],
    ["data", values.data],
  ] as const) {
    if (value !== undefined && value.trim() === "") throw new Error(`--${name} must not be empty`);
  }
  return {
    port,
    ...(values.data !== undefined ? { dataFile: values.data } : {}),
    ...(values.merchant !== undefined ? { merchant: values.merchant } : {}),
    ...(values.key !== undefined ? { transactionKey: values.key } : {}),
    ...(values.namespace !== undefined ? { namespace: values.namespace } : {}),
    ...(rate !== undefined ? { searchRateLimit: { max: rate, windowMs } } : {}),
    ...(unit !== undefined ? { webhookTimeUnitMs: unit } : {}),
    ...(values["require-merchant-header"] === true ? { requireMerchantHeader: true } : {}),
    ...(maxBody !== undefined ? { maxBodyBytes: maxBody } : {}),
  };
}

/** The lines printed at start: where each service is. */
export function describe(sandbox: Sandbox): string[] {
  return [
    `paygen sandbox listening on ${sandbox.url}`,
    `  SOAP (subscriptions, customer profiles, profile transactions): POST ${sandbox.soapUrl}`,
    `    namespace ${sandbox.namespace}`,
    `    credentials accepted: name ${sandbox.merchant}, transactionKey ${sandbox.transactionKey} (sandbox test values; --merchant and --key change them)`,
    `  Payments (baseUrl ${sandbox.url}):`,
    `    POST ${sandbox.url}/pts/v2/payments`,
    `    POST ${sandbox.url}/pts/v2/payments/{id}/reversals | /captures | /voids`,
    `    GET  ${sandbox.url}/pts/v2/payments/{id} | /pts/v2/reversals/{id} | /pts/v2/captures/{id}`,
    `    POST ${sandbox.url}/pts/v2/captures/{id}/voids`,
    `  Search (searchUrl ${sandbox.url}):`,
    `    POST ${sandbox.url}/tss/v2/searches`,
    `    GET  ${sandbox.url}/tss/v2/searches/{searchID} | /tss/v2/transactions/{id}`,
    `  Webhooks and tokens (testBaseUrl ${sandbox.url}):`,
    `    POST ${sandbox.url}/notification-subscriptions/v2/webhooks`,
    `    POST ${sandbox.url}/tms/v1/instrumentidentifiers`,
    `    GET | DELETE ${sandbox.url}/tms/v1/instrumentidentifiers/{id}`,
    `  State: ${sandbox.dataFile ?? "in memory (lost on exit)"}`,
  ];
}
