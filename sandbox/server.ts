/**
 * The sandbox server: node:http on 127.0.0.1, one SOAP endpoint and the REST
 * paths of documents 001 and 002.
 *
 * Every request is read in full under the body cap, routed, checked for its
 * content type and (REST) the credential policy, handled, and answered only
 * once its changes are durable. Whatever a request holds, the server answers
 * it (a SOAP fault or a 4xx) and keeps serving; an unexpected failure is a 500.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Billing } from "./billing.js";
import { Credentials } from "./credentials.js";
import {
  AnswerError,
  type BodyRead,
  errorAnswer,
  mediaType,
  readBody,
  type SandboxAnswer,
  type SandboxRequest,
} from "./http-io.js";
import { Ids } from "./ids.js";
import { resolveOptions, type ResolvedOptions, type SandboxOptions } from "./options.js";
import { PaymentsApi } from "./payments.js";
import { FixedWindowLimiter } from "./rate-limit.js";
import { matchRoute, type Route } from "./router.js";
import { SearchApi } from "./search.js";
import { SOAP_PATH, SoapEndpoint, soapFault } from "./soap/endpoint.js";
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

function isJsonType(type: string | undefined): boolean {
  return (
    type === "application/json" ||
    (type !== undefined && /^application\/[a-z0-9.+-]*\+json$/.test(type))
  );
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
  const soap = new SoapEndpoint(
    { state, ids, ledger, billing, now: options.now },
    credentials,
    options.namespace,
  );
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
  const routes: Route[] = [
    soap.route(),
    ...new PaymentsApi(ledger, state.digests).routes(),
    ...new SearchApi(state, ledger, ids, options.now, limiter).routes(),
    ...webhooks.routes(),
  ];

  const server = createServer((request, response) => {
    serve(request, response, routes, { options, credentials, billing, state }).catch(
      (error: unknown) => {
        options.log(
          `sandbox: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        if (!response.headersSent)
          send(
            response,
            errorAnswer(500, "SERVER_ERROR", "the sandbox failed to handle the request"),
          );
        else response.destroy();
      },
    );
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable)
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    else socket.destroy();
  });
  try {
    await listen(server, options.port);
  } catch (error) {
    await state.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${HOST}:${port}`;
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
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await state.close();
      })();
      return closing;
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

interface Services {
  readonly options: ResolvedOptions;
  readonly credentials: Credentials;
  readonly billing: Billing;
  readonly state: SandboxState;
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  routes: readonly Route[],
  services: Services,
): Promise<void> {
  const { options, credentials, billing, state } = services;
  const method = (request.method ?? "GET").toUpperCase();
  let path: string;
  try {
    path = new URL(request.url ?? "/", "http://sandbox.invalid").pathname;
  } catch {
    request.resume();
    send(
      response,
      errorAnswer(400, "INVALID_DATA", "the request target is not a valid path"),
      true,
    );
    return;
  }
  const match = matchRoute(routes, method, path);
  const soapPath = path === SOAP_PATH || path === `${SOAP_PATH}/`;
  let read: BodyRead;
  try {
    read = await readBody(request, options.maxBodyBytes);
  } catch {
    // The client went away before sending its whole body: nobody to answer.
    return;
  }
  if (!read.ok) {
    const message = `the request body is larger than ${options.maxBodyBytes} bytes`;
    send(
      response,
      soapPath
        ? soapFault(413, "soap:Client", message)
        : errorAnswer(413, "BODY_TOO_LARGE", message),
      true,
    );
    return;
  }
  if (match.kind === "not-found") {
    send(response, errorAnswer(404, "NOT_FOUND", `no resource at ${method} ${path.slice(0, 200)}`));
    return;
  }
  if (match.kind === "method-not-allowed") {
    const allow = [...new Set(match.allowed)].join(", ");
    const answer = soapPath
      ? soapFault(405, "soap:Client", "the SOAP endpoint takes POST only")
      : errorAnswer(405, "METHOD_NOT_ALLOWED", `${method} is not allowed here; use ${allow}`);
    send(response, { ...answer, headers: { ...answer.headers, allow } });
    return;
  }
  const { route, params } = match;
  const sandboxRequest: SandboxRequest = {
    method,
    path,
    headers: request.headers,
    body: read.body,
    remoteAddress: request.socket.remoteAddress,
  };
  if (route.api === "rest") {
    const problem = credentials.restProblem(request.headers);
    if (problem !== undefined) {
      send(response, errorAnswer(401, "UNAUTHORIZED", problem));
      return;
    }
    if (method === "POST" && read.body.length > 0 && !isJsonType(mediaType(request.headers))) {
      send(
        response,
        errorAnswer(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "the request body must be JSON (Content-Type application/json)",
        ),
      );
      return;
    }
  }
  let answer: SandboxAnswer;
  try {
    // The sandbox's clock drives recurring billing: due occurrences are charged first.
    billing.run();
    answer = await route.handle(sandboxRequest, params);
  } catch (error) {
    if (!(error instanceof AnswerError)) throw error;
    answer = error.answer;
  }
  // Write-through: nothing is answered before its changes are on disk.
  await state.flush();
  send(response, answer);
}

function send(response: ServerResponse, answer: SandboxAnswer, close = false): void {
  const body = answer.body ?? "";
  const headers: Record<string, string> = {
    ...answer.headers,
    "content-length": String(Buffer.byteLength(body)),
    ...(close ? { connection: "close" } : {}),
  };
  response.writeHead(answer.status, headers);
  response.end(body);
}
