import path from "node:path";
import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type { Description } from "../../description/description.js";
import { describeApproximated, readApproximated } from "../approximations.js";
import { XmlPaths } from "../xml/xml-paths.js";
import { readSchemaFiles } from "./load-schema-set.js";
import { readWsdlFile } from "./read-wsdl.js";
import { displayPath } from "./schema-location.js";
import { schemaSetToDescription, wsdlToDescription } from "./to-description.js";

/** A WSDL 1.1 file: one service per `wsdl:service`, with its schemas' types. */
export async function readWsdlContract(
  file: string,
  cwd: string,
  diagnostics: Diagnostics,
): Promise<Description> {
  const paths = new XmlPaths();
  const locate = (at: Position) => paths.pathAt(at);
  const { read: defs, warnings } = await readApproximated(
    diagnostics,
    (own) => readWsdlFile(file, { cwd, onDocument: (document) => paths.add(document) }, own),
    locate,
  );
  if (!defs || diagnostics.count > 0) return { services: [] };
  return { services: wsdlToDescription(defs, diagnostics, locate, warnings) };
}

/** An XML Schema file (and what it imports): one service of types and enums, named after the file, with no operations. */
export async function readXsdContract(
  file: string,
  cwd: string,
  diagnostics: Diagnostics,
): Promise<Description> {
  const paths = new XmlPaths();
  const locate = (at: Position) => paths.pathAt(at);
  const { read: set, warnings } = await readApproximated(
    diagnostics,
    (own) => readSchemaFiles([file], { cwd, onDocument: (document) => paths.add(document) }, own),
    locate,
  );
  if (diagnostics.count > 0) return { services: [] };
  const display = displayPath(cwd, path.resolve(cwd, file));
  const name = path.basename(file).replace(/\.[^.]*$/, "");
  const service = describeApproximated(
    diagnostics,
    display,
    (own) => schemaSetToDescription(set, name, { file: display, line: 1, col: 1 }, own),
    warnings,
    locate,
  );
  return { services: service ? [service] : [] };
}
