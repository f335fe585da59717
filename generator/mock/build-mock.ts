import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { packageNames } from "../emit/emit-package.js";
import type { GeneratedFile } from "../emit/generated-file.js";
import { contentHash } from "../input-log.js";
import { basePath } from "../emit/emit-rest-routes.js";
import type { Model, RestOperation, Service } from "../model/ir.js";
import { CACHE_DIR, RUNTIME_DIR } from "../project-paths.js";
import type { FetchHandler } from "../runtime/server/fetch-handler.js";

const ts = (createRequire(import.meta.url)("ts-morph") as typeof import("ts-morph")).ts;

/** One service of a mock: its name, protocol, operation count, and its fetch handler. */
export interface MockService {
  readonly name: string;
  readonly protocol: "rest" | "soap";
  readonly operations: number;
  /** The path the contract's first base URL has (`/v1`), "" when none: where the service's URL points. */
  readonly basePath: string;
  readonly handler: FetchHandler;
}

/**
 * Builds the generated package's server entries as JavaScript (each file
 * transpiled on its own: the generated code needs no type information to
 * run) into a folder of the cache named by the package's content, so a
 * second mock of the same contract reuses it; then loads each service's
 * `create<Service>Mock`. The folder sits inside paygen's own installation,
 * where the package's one dependency (fast-xml-parser) resolves.
 */
export async function loadMock(
  model: Model,
  files: readonly GeneratedFile[],
  stateful: boolean,
): Promise<MockService[]> {
  const code = files.filter((f) => f.path.endsWith(".ts"));
  const dir = path.join(
    CACHE_DIR,
    "paygen-mock",
    contentHash(code.map((f) => `${f.path}\0${f.content}`).join("\0")),
  );
  if (!(await exists(path.join(dir, "package.json")))) await writeBuild(dir, code);
  const names = await packageNames(model, RUNTIME_DIR);
  const services: MockService[] = [];
  for (const service of model.services) {
    if (service.operations.length === 0) continue;
    const entry = pathToFileURL(path.join(dir, service.name, "server.js")).href;
    const module = (await import(entry)) as Record<string, unknown>;
    const factory = module[names.get(service.name)!.get("mockFactory", service.name)];
    if (typeof factory !== "function")
      throw new Error(`the mock of ${service.name} was not generated`);
    const handler = factory({}, { stateful }) as FetchHandler;
    services.push({
      name: service.name,
      protocol: service.protocol,
      operations: service.operations.length,
      basePath: firstOperationBase(service),
      handler,
    });
  }
  return services;
}

/** The base path of the service's first REST operation (see `basePath`). */
function firstOperationBase(service: Service): string {
  const op = service.operations.find((o): o is RestOperation => o.protocol === "rest");
  return op !== undefined ? basePath(service, op) : "";
}

/** Writes the transpiled files to a fresh folder beside `dir`, then moves it into place whole. */
async function writeBuild(dir: string, code: readonly GeneratedFile[]): Promise<void> {
  const partial = `${dir}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  for (const file of code) {
    const out = path.join(partial, file.path.replace(/\.ts$/, ".js"));
    await mkdir(path.dirname(out), { recursive: true });
    const js = ts.transpileModule(file.content, {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: false,
      },
      fileName: file.path,
    }).outputText;
    await writeFile(out, js);
  }
  await writeFile(path.join(partial, "package.json"), '{ "type": "module" }\n');
  try {
    await rename(partial, dir);
  } catch (error) {
    // Another mock built the same package meanwhile: theirs is as good.
    await rm(partial, { recursive: true, force: true });
    if (!(await exists(path.join(dir, "package.json")))) throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
