import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  Diagnostics,
  formatDiagnostic,
  type Position,
} from "../../../generator/diagnostics/diagnostic.js";
import {
  readSchemaFiles,
  type SchemaLoadOptions,
} from "../../../generator/frontends/wsdl/load-schema-set.js";
import { readWsdlFile } from "../../../generator/frontends/wsdl/read-wsdl.js";
import type { WsdlDefinitions } from "../../../generator/frontends/wsdl/wsdl-model.js";
import type { SchemaNamespace, SchemaSet } from "../../../generator/frontends/wsdl/xsd-model.js";

/** The project's root folder. */
export const PROJECT_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The fixtures of these tests. */
export const FIXTURES = path.join(PROJECT_ROOT, "test", "frontends", "wsdl", "fixtures");

export const XS = "http://www.w3.org/2001/XMLSchema";

/** A position builder for one file: `at(line, col)`. */
export function positions(file: string): (line: number, col: number) => Position {
  return (line, col) => ({ file, line, col });
}

/** Reads schema files of a fixture folder; positions are relative to that folder. `problems` are the errors. */
export async function readXsdFixtures(
  folder: string,
  files: readonly string[],
  options: Partial<SchemaLoadOptions> = {},
): Promise<{ set: SchemaSet; problems: string[]; warnings: string[] }> {
  const diagnostics = new Diagnostics();
  const set = await readSchemaFiles(
    files,
    { cwd: path.join(FIXTURES, folder), ...options },
    diagnostics,
  );
  return {
    set,
    problems: diagnostics.sorted().map(formatDiagnostic),
    warnings: diagnostics.warnings().map(formatDiagnostic),
  };
}

/** Reads a WSDL fixture; positions are relative to its folder. */
export async function readWsdlFixture(
  folder: string,
  file: string,
  options: Partial<SchemaLoadOptions> = {},
): Promise<{ wsdl: WsdlDefinitions | undefined; problems: string[]; warnings: string[] }> {
  const diagnostics = new Diagnostics();
  const wsdl = await readWsdlFile(
    file,
    { cwd: path.join(FIXTURES, folder), ...options },
    diagnostics,
  );
  return {
    wsdl,
    problems: diagnostics.sorted().map(formatDiagnostic),
    warnings: diagnostics.warnings().map(formatDiagnostic),
  };
}

/** The one namespace of a set, failing loudly when it is missing. */
export function namespaceOf(set: SchemaSet, uri: string): SchemaNamespace {
  const namespace = set.namespaces.get(uri);
  if (namespace === undefined)
    throw new Error(
      `namespace ${uri} was not read; read: ${[...set.namespaces.keys()].join(", ")}`,
    );
  return namespace;
}
