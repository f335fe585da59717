import { Project } from "ts-morph";
import type { Model, Service } from "../model/ir.js";
import { emitEnums } from "./emit-enums.js";
import { emitIndex, type IndexEntry } from "./emit-index.js";
import { emitBuildScript } from "./emit-build-script.js";
import { emitRuntime } from "./emit-runtime.js";
import { emitTemplates, type PackageInfo } from "./emit-templates.js";
import { emitTypes } from "./emit-types.js";
import { emitValidators } from "./emit-validators.js";
import { emitSoapServer, emitXml } from "./emit-xml.js";
import { emitJson, emitRestServer } from "./emit-json.js";
import { emitRedact } from "./emit-redact.js";
import { emitFlows } from "./emit-flows.js";
import { emitClient } from "./emit-client.js";
import { emitQuery } from "./emit-query.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";

export interface EmitOptions {
  readonly templatesDir: string;
  readonly runtimeDir: string;
  /** The package's build script, copied as is. */
  readonly buildScriptFile: string;
  readonly info: PackageInfo;
}

/** Runs every emitter over the model; returns the package's files, sorted by path. */
export async function emitPackage(model: Model, options: EmitOptions): Promise<GeneratedFile[]> {
  const project = new Project({ useInMemoryFileSystem: true });
  const files: GeneratedFile[] = [];
  for (const service of model.services) files.push(...emitService(project, service));
  files.push(...(await emitRuntime(options.runtimeDir)));
  files.push(...(await emitTemplates(options.templatesDir, model, options.info)));
  files.push(await emitBuildScript(options.buildScriptFile));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function emitService(project: Project, service: Service): GeneratedFile[] {
  const files = [emitTypes(project, service), emitEnums(project, service), emitValidators(project, service)];
  files.push(service.protocol === "soap" ? emitXml(project, service) : emitJson(project, service));
  // What only a server needs has its own entry point (`<service>/server`), which the index never re-exports.
  files.push(service.protocol === "soap" ? emitSoapServer(project, service) : emitRestServer(project, service));
  const redact = emitRedact(project, service);
  if (redact) files.push(redact);
  const flows = emitFlows(project, service);
  if (flows) files.push(flows);
  files.push(emitClient(project, service));
  const query = emitQuery(project, service);
  if (query) files.push(query);
  const entries: IndexEntry[] = [
    { file: paths.types(service.name), kind: "types" },
    { file: paths.enums(service.name), kind: "values" },
    { file: paths.validators(service.name), kind: "values" },
    { file: service.protocol === "soap" ? paths.xml(service.name) : paths.json(service.name), kind: "values" },
    ...(redact ? [{ file: paths.redact(service.name), kind: "values" as const }] : []),
    ...(flows ? [{ file: paths.flows(service.name), kind: "values" as const }] : []),
    { file: paths.client(service.name), kind: "values" },
    ...(query ? [{ file: paths.query(service.name), kind: "values" as const }] : []),
    { file: paths.runtime("errors.ts"), kind: "values" },
    // What a caller reads with or about unknown data (see read-options.ts).
    { file: paths.runtime("read-options.ts"), kind: "values", names: ["unknownData"] },
    { file: paths.runtime("read-options.ts"), kind: "types", names: ["ReadOptions", "UnknownData", "UnknownPolicy"] },
    // The runtime types a caller writes in its own code: options, hooks, retry settings.
    ...(service.protocol === "soap"
      ? [{ file: paths.runtime("soap-call.ts"), kind: "types" as const, names: ["ApiErrorMode", "ApiOutcome", "SoapAnswer", "SoapCallOptions", "SoapClientOptions"] }]
      : [{ file: paths.runtime("rest-call.ts"), kind: "types" as const, names: ["CallOptions", "RestClientOptions"] }]),
    { file: paths.runtime("http/hooks.ts"), kind: "types", names: ["RedactedRequestView", "RedactedResponseView", "RequestHook", "ResponseHook", "Signer", "SigningRequest"] },
    { file: paths.runtime("http/retry.ts"), kind: "types", names: ["RetryInfo", "RetryPolicy"] },
  ];
  files.push(emitIndex(project, service, entries));
  return files;
}
