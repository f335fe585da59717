import type { SoapHeader } from "../model/ir.js";
import type { EmitContext } from "./emit-context.js";
import { paths } from "./paths.js";
import { propertyName } from "./safe-names.js";
import type { TsFile } from "./ts-file.js";

/** The type of the header values an envelope builder takes: each element's value, by name. */
export function headersType(
  file: TsFile,
  { service, names }: Pick<EmitContext, "service" | "names">,
  headers: readonly SoapHeader[],
): string {
  return `{ ${headers.map((h) => `readonly ${propertyName(h.name)}?: ${file.type(names.get("type", h.type), paths.types(service.name))}`).join("; ")} }`;
}
