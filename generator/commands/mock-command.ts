import path from "node:path";
import { parseArgs } from "node:util";
import { formatDiagnostic, SchemaErrors } from "../diagnostics/diagnostic.js";
import { terminalText } from "../diagnostics/terminal-text.js";

export const MOCK_USAGE = `usage: paygen mock [--schemas DIR | --from FILE [--from FILE ...]] [--port N] [--host HOST] [--seed N] [--stateful]

  Serves a validating mock of every service of the contract over HTTP, until Ctrl-C: each request
  routed (REST: method and path; SOAP: body element or SOAPAction, 1.1 and 1.2), read and validated
  by the generated reader and validator (REST: 400 with an application/problem+json body listing
  every problem; SOAP: a client fault listing them), and answered with a value synthesized from
  the answer's type and facets, valid by the generated validators. A request asks for another
  documented answer with a \`Prefer: code=N\` header.

  --schemas DIR  schema folder of the YAML schema language (default: schemas)
  --from FILE    a published contract instead (WSDL, XML Schema, Swagger/OpenAPI); repeatable
  --port N       the first service's port; the next ones follow (default: 0, a free port each)
  --host HOST    the address to listen on (default: 127.0.0.1)
  --seed N       the seed of the synthesized answers (default: 1): same seed, same answers
  --stateful     a resource a POST creates is what later operations on its {id} read, change
                 and delete (REST; see docs/mock.md)`;

/** A running mock: the base URL of each service, and how to stop it. */
export interface RunningMock {
  readonly services: readonly {
    readonly name: string;
    readonly protocol: string;
    readonly url: string;
    readonly operations: number;
  }[];
  /** Services of the contract with no operation (an XML schema's documents): nothing to serve. */
  readonly idle: readonly string[];
  close(): Promise<void>;
}

/** What `paygen mock` starts, for a caller that stops it itself (tests, tools). */
export async function startMock(options: {
  readonly schemasDir: string;
  readonly from?: readonly string[];
  readonly port?: number;
  readonly host?: string;
  readonly seed?: number;
  readonly stateful?: boolean;
  readonly cwd?: string;
}): Promise<RunningMock> {
  const { generate } = await import("../generate.js");
  const { loadMock } = await import("../mock/build-mock.js");
  const { listen } = await import("../runtime/server/listen.js");
  const { model, files } = await generate({
    schemasDir: options.schemasDir,
    ...(options.from !== undefined && options.from.length > 0 ? { from: options.from } : {}),
    cwd: options.cwd ?? process.cwd(),
    mock: { seed: options.seed ?? 1 },
  });
  const services = await loadMock(model, files, options.stateful === true);
  const started: {
    name: string;
    protocol: string;
    url: string;
    operations: number;
    close: () => Promise<void>;
  }[] = [];
  try {
    for (const [i, service] of services.entries()) {
      const port = options.port === undefined || options.port === 0 ? 0 : options.port + i;
      const listening = await listen(service.handler, {
        port,
        ...(options.host !== undefined ? { host: options.host } : {}),
      });
      started.push({
        ...service,
        url: `${listening.url}${service.basePath}`,
        close: listening.close,
      });
    }
  } catch (error) {
    await Promise.all(started.map((s) => s.close()));
    throw error;
  }
  return {
    services: started.map(({ name, protocol, url, operations }) => ({
      name,
      protocol,
      url,
      operations,
    })),
    idle: model.services.filter((s) => s.operations.length === 0).map((s) => s.name),
    close: async () => {
      await Promise.all(started.map((s) => s.close()));
    },
  };
}

/** `paygen mock`: serves until `stop` aborts (by default SIGINT or SIGTERM); returns the exit code. */
export async function mockCommand(
  argv: readonly string[],
  log = console.log,
  err = console.error,
  stop?: AbortSignal,
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        schemas: { type: "string" },
        from: { type: "string", multiple: true },
        port: { type: "string" },
        host: { type: "string" },
        seed: { type: "string" },
        stateful: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n${MOCK_USAGE}`);
    return 2;
  }
  if (args.values.help) {
    log(MOCK_USAGE);
    return 0;
  }
  const port = wholeNumber(args.values.port, 0);
  const seed = wholeNumber(args.values.seed, 1);
  if (port === undefined || port > 65535 || seed === undefined) {
    err(`--port takes a port number and --seed a whole number\n${MOCK_USAGE}`);
    return 2;
  }
  let mock: RunningMock;
  try {
    mock = await startMock({
      schemasDir: path.resolve(args.values.schemas ?? "schemas"),
      ...(args.values.from ? { from: args.values.from } : {}),
      port,
      ...(args.values.host !== undefined ? { host: args.values.host } : {}),
      seed,
      stateful: args.values.stateful,
    });
  } catch (error) {
    if (error instanceof SchemaErrors) {
      for (const d of error.diagnostics) err(formatDiagnostic(d));
      err(`paygen: ${error.diagnostics.length} problem(s); no mock was started`);
      return 1;
    }
    err(
      `paygen: ${terminalText(error instanceof Error ? error.message : String(error))}; no mock was started`,
    );
    return 1;
  }
  for (const s of mock.services)
    log(
      `paygen mock: ${terminalText(s.name)} (${s.protocol.toUpperCase()}, ${s.operations} operations) at ${s.url}`,
    );
  for (const name of mock.idle)
    log(`paygen mock: ${terminalText(name)} has no operations: nothing to serve`);
  if (mock.services.length === 0) {
    await mock.close();
    err("paygen mock: the contract has no operations; no mock was started");
    return 1;
  }
  log(`paygen mock: seed ${seed}${args.values.stateful ? ", stateful" : ""}; Ctrl-C stops`);
  const controller = new AbortController();
  const signal = stop ?? controller.signal;
  const onSignal = () => controller.abort();
  if (!stop) {
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
  }
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  await mock.close();
  log("paygen mock: stopped");
  return 0;
}

function wholeNumber(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}
