/**
 * The sandbox server on 127.0.0.1: the generated payments and search servers
 * (`createPaymentsServer`, `createSearchServer`) with the sandbox's rules as
 * their handlers, the sandbox's own instrument identifier operations, and one
 * SOAP endpoint, served over node:http by the runtime's `listen`.
 *
 * Due recurring charges are run before each request is handled, and nothing
 * is answered before its changes are durable. Whatever a request holds, the
 * server answers it (a SOAP fault or a 4xx) and keeps serving; an unexpected
 * failure is logged and answered 500.
 */
import { listen } from "../generator/runtime/server/listen.js";
import { createPaymentsServer } from "../generated/payments/server.js";
import type { ClientInfo, FetchHandler } from "../generated/runtime/server/fetch-handler.js";
import type { RestServerOptions } from "../generated/runtime/server/rest-server.js";
import { createSearchServer } from "../generated/search/server.js";
import { Billing } from "./billing.js";
import { Credentials } from "./credentials.js";
import { errorAnswer, type SandboxAnswer, toResponse } from "./http-io.js";
import { Ids } from "./ids.js";
import { resolveOptions, type ResolvedOptions, type SandboxOptions } from "./options.js";
import { ownOperations } from "./own-operations.js";
import { PaymentsApi } from "./payments.js";
import { FixedWindowLimiter } from "./rate-limit.js";
import { beforeRest, restError } from "./rest-errors.js";
import { SearchApi } from "./search.js";
import { SOAP_PATH, SoapEndpoint } from "./soap/endpoint.js";
import { SandboxState } from "./store/state.js";
import { Ledger } from "./transactions.js";
import { WebhooksApi } from "./webhooks.js";

export const HOST = "127.0.0.1";

/** A running sandbox. */
export interface Sandbox {
  /** `http://127.0.0.1:PORT`: the base URL of every REST client option (baseUrl, searchUrl, testBaseUrl). */
  readonly url: string;
  readonly port: number;
  /** The SOAP endpoint (the subscriptions client's `endpoint`). */
  readonly soapUrl: string;
  /** The namespace of SOAP answers. */
  readonly namespace: string;
  readonly merchant: string;
  /** The transaction key SOAP requests must carry (the sandbox's own test credential, never a real one). */
  readonly transactionKey: string;
  /** The data file, or undefined when state lives in memory. */
  readonly dataFile: string | undefined;
  /** The SOAP operations served. */
  readonly soapOperations: readonly string[];
  /** Stops serving, cancels pending webhook deliveries and writes what is pending. */
  close(): Promise<void>;
}

/** Starts a sandbox. */
export async function startSandbox(input: SandboxOptions = {}): Promise<Sandbox> {
  const options = resolveOptions(input);
  const state = await SandboxState.open(options.dataFile);
  const ids = new Ids(state.counters, options.now);
  const ledger = new Ledger(state, ids, options.now, options.merchant);
  const billing = new Billing(state, ledger, options.now);
  const credentials = new Credentials(
    options.merchant,
    options.transactionKey,
    options.requireMerchantHeader,
  );
  const soap = new SoapEndpoint({ state, ids, ledger, billing, now: options.now }, credentials);
  const limiter =
    options.searchRateLimit !== undefined
      ? new FixedWindowLimiter(options.searchRateLimit, Date.now)
      : undefined;
  const webhooks = new WebhooksApi(
    state,
    ids,
    options.merchant,
    { timeUnitMs: options.webhookTimeUnitMs, timeoutMs: options.webhookTimeoutMs },
    options.now,
    options.log,
  );
  const search = new SearchApi(state, ledger, ids, options.now, limiter);
  const rest = restServers(options, credentials, {
    payments: new PaymentsApi(ledger, state.digests),
    search,
    webhooks,
  });
  const serve = sandboxHandler({
    options,
    billing,
    state,
    soap: soap.server(options.namespace, options.maxBodyBytes, (error) =>
      logFailure(options, error),
    ),
    rest,
  });
  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen(serve, {
      port: options.port,
      host: HOST,
      // A larger body is read on and thrown away up to sixteen times the cap, so the client gets its 413.
      maxReadBytes: options.maxBodyBytes * 16,
    });
  } catch (error) {
    await state.close();
    throw error;
  }
  const url = listening.url;
  const port = Number(new URL(url).port);
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    soapUrl: `${url}${SOAP_PATH}`,
    namespace: options.namespace,
    merchant: options.merchant,
    transactionKey: options.transactionKey,
    dataFile: state.file,
    soapOperations: soap.operationNames,
    close() {
      closing ??= (async () => {
        webhooks.close();
        await listening.close();
        await state.close();
      })();
      return closing;
    },
  };
}

interface Services {
  readonly options: ResolvedOptions;
  readonly billing: Billing;
  readonly state: SandboxState;
  readonly soap: FetchHandler;
  readonly rest: FetchHandler;
}

/** The REST services: payments, then search and webhooks, then the sandbox's own operations. */
function restServers(
  options: ResolvedOptions,
  credentials: Credentials,
  apis: { payments: PaymentsApi; search: SearchApi; webhooks: WebhooksApi },
): FetchHandler {
  const shared: RestServerOptions = {
    maxBodyBytes: options.maxBodyBytes,
    before: async (request, { operation }) => {
      const refused = await beforeRest(request, operation, credentials, apis.search);
      return refused === undefined ? undefined : toResponse(refused);
    },
    problem: (report, request) => toResponse(restError(report, request, options.maxBodyBytes)),
    onError: (error) => logFailure(options, error),
  };
  const own = ownOperations(apis.webhooks, credentials, options.maxBodyBytes);
  const search = createSearchServer(
    { ...apis.search.handlers(), ...apis.webhooks.handlers() },
    { ...shared, fallback: own },
  );
  return createPaymentsServer(apis.payments.handlers(), { ...shared, fallback: search });
}

/** Every request: due charges first, then the SOAP endpoint or the REST services; answered once durable. */
function sandboxHandler(services: Services): FetchHandler {
  const { options, billing, state, soap, rest } = services;
  return async (request: Request, client: ClientInfo = {}) => {
    let response: Response;
    try {
      // The sandbox's clock drives recurring billing: due occurrences are charged first.
      billing.run();
      response = SoapEndpoint.serves(new URL(request.url).pathname)
        ? await soap(request, client)
        : await rest(request, client);
      // Write-through: nothing is answered before its changes are on disk.
      await state.flush();
    } catch (error) {
      logFailure(options, error);
      return toResponse(serverError());
    }
    return response;
  };
}

function serverError(): SandboxAnswer {
  return errorAnswer(500, "SERVER_ERROR", "the sandbox failed to handle the request");
}

function logFailure(options: ResolvedOptions, error: unknown): void {
  options.log(
    `sandbox: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
}
