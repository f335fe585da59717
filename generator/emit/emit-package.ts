import type { Model, Service } from "../model/ir.js";
import { serviceNames, type ServiceNames } from "../naming/names.js";
import { RUNTIME_EXPORTS, SERVICE_ARTIFACTS, type RuntimeExport } from "./artifacts.js";
import { emitBuildScript } from "./emit-build-script.js";
import type { EmitContext, MockOptions } from "./emit-context.js";
import { emitIndex } from "./emit-index.js";
import {
  emitRuntime,
  importedPackages,
  reachableRuntime,
  runtimeExportNames,
} from "./emit-runtime.js";
import {
  emitTemplates,
  type EventParser,
  type PackageInfo,
  type ServerNames,
} from "./emit-templates.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";

export interface EmitOptions {
  readonly templatesDir: string;
  readonly runtimeDir: string;
  /** The package's build script, copied as is. */
  readonly buildScriptFile: string;
  readonly info: PackageInfo;
  /** The package has the server side: the artifacts marked `server` and each service's server entry. */
  readonly server?: boolean;
  /** The server side, each server entry also holding a mock (see `EmitContext.mock`); implies `server`. */
  readonly mock?: MockOptions;
}

/** Runtime modules the package offers as entries of their own (see templates/package.json.hbs), whatever its services use. */
const RUNTIME_ENTRIES: readonly string[] = [paths.runtime("http/http-signature.ts")];

/**
 * Runs every artifact of `SERVICE_ARTIFACTS` that applies to each service,
 * then the service's entry point (derived from the same list), the runtime
 * modules the package reaches, the templates (the manifest declaring the
 * packages they import) and the build script. Returns the package's files,
 * sorted by path.
 */
export async function emitPackage(model: Model, options: EmitOptions): Promise<GeneratedFile[]> {
  const runtime = await emitRuntime(options.runtimeDir);
  const files: GeneratedFile[] = [];
  const servers = new Map<string, ServerNames>();
  const eventParsers = new Map<string, EventParser[]>();
  const serverSide = options.server === true || options.mock !== undefined;
  for (const service of model.services) {
    const ctx: EmitContext = {
      service,
      names: namesOf(service, runtime),
      ...(options.mock !== undefined ? { mock: options.mock } : {}),
    };
    const artifacts = SERVICE_ARTIFACTS.filter(
      (a) => a.when(service) && (serverSide || a.server !== true),
    );
    for (const artifact of artifacts) files.push(artifact.emit(ctx));
    const payloads = [...new Set(service.events.flatMap((e) => e.payloadTypes ?? []))];
    if (payloads.length > 0)
      eventParsers.set(
        service.name,
        payloads.map((t) => ({
          parser: ctx.names.get("parser", t),
          type: ctx.names.get("type", t),
        })),
      );
    if (service.operations.length > 0)
      servers.set(service.name, {
        ...(serverSide ? { server: ctx.names.get("serverFactory", service.name) } : {}),
        ...(options.mock !== undefined ? { mock: ctx.names.get("mockFactory", service.name) } : {}),
        clientFactory: ctx.names.get("clientFactory", service.name),
        configure: ctx.names.get("clientConfigure", service.name),
        operationFunction: ctx.names.get("operationFunction", service.operations[0]!.name),
        method: ctx.names.method(service.operations[0]!.name),
        methods: service.operations.map((op) => ctx.names.method(op.name)),
        flowBuilders: Object.fromEntries(
          service.flows.map((f) => [
            f.name,
            ctx.names.get(f.operation !== undefined ? "flowBuilder" : "valueBuilder", f.name),
          ]),
        ),
      });
    files.push(
      emitIndex(paths.index(service.name), [
        ...artifacts.flatMap((a) =>
          a.entry === "none" ? [] : [{ file: a.path(service.name), kind: a.entry }],
        ),
        ...RUNTIME_EXPORTS.filter((r) => r.when(service)).map((r) => ({
          file: r.file,
          kind: r.kind,
          ...(r.names ? { names: r.names } : {}),
        })),
      ]),
    );
  }
  const shipped = reachableRuntime(runtime, files, RUNTIME_ENTRIES);
  files.push(...shipped);
  files.push(
    ...(await emitTemplates(options.templatesDir, model, options.info, importedPackages(files), {
      names: servers,
      eventParsers,
      serverSide,
    })),
  );
  files.push(await emitBuildScript(options.buildScriptFile));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The naming table of every service of a model, as `emitPackage` computes it (for tests and tools that call generated code). */
export async function packageNames(
  model: Model,
  runtimeDir: string,
): Promise<Map<string, ServiceNames>> {
  const runtime = await emitRuntime(runtimeDir);
  return new Map(model.services.map((s) => [s.name, namesOf(s, runtime)]));
}

/** A service's naming table: its names are kept clear of the runtime names its entry point re-exports. */
function namesOf(service: Service, runtime: readonly GeneratedFile[]): ServiceNames {
  return serviceNames(
    service,
    reexportedNames(
      RUNTIME_EXPORTS.filter((r) => r.when(service)),
      runtime,
    ),
  );
}

/**
 * The runtime names a service's entry point re-exports: they share its
 * namespace, so no generated declaration may take one. (Other runtime names
 * a file imports are aliased by `TsFile` when they clash.)
 */
function reexportedNames(
  reexported: readonly RuntimeExport[],
  runtime: readonly GeneratedFile[],
): string[] {
  return reexported.flatMap((r) => {
    if (r.names) return [...r.names];
    const file = runtime.find((f) => f.path === r.file);
    if (!file) throw new Error(`the runtime has no ${r.file} to re-export`);
    return [...runtimeExportNames(file)];
  });
}
