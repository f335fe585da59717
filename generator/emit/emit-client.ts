import type { Project } from "ts-morph";
import type { Service } from "../model/ir.js";
import { emitRestClient } from "./emit-rest-client.js";
import { emitSoapClient } from "./emit-soap-client.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";
import { TsFile } from "./ts-file.js";

/** `<service>/client.ts`: `create<Service>Client(options)` with one async method per operation. */
export function emitClient(project: Project, service: Service): GeneratedFile {
  const file = new TsFile(project, paths.client(service.name));
  if (service.protocol === "soap") emitSoapClient(file, service);
  else emitRestClient(file, service);
  return file.finish();
}
