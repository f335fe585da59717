import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import { compareText } from "../../diagnostics/diagnostic.js";
import type { SchemaFile } from "./schema-file.js";
import type { SchemaAst, ServiceAst } from "./yaml-ast.js";
import { SchemaReader } from "./schema-reader.js";
import { readEnum } from "./read-enum.js";
import { readEvent } from "./read-event.js";
import { readFlow } from "./read-flow.js";
import { readGap } from "./read-gap.js";
import { readOperation } from "./read-operation.js";
import { readQuery } from "./read-query.js";
import { readServiceBlock } from "./read-service-block.js";
import { readTypeBody } from "./read-type.js";

const TOP_LEVEL_KEYS = [
  "service",
  "types",
  "enums",
  "operations",
  "flows",
  "query",
  "events",
  "gaps",
] as const;
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Reads every file into a positioned AST, one `ServiceAst` per service folder.
 * Structural problems (unknown keys, wrong value kinds, bad names) are reported
 * here; cross-references are checked by `checkSchema`.
 */
export function readSchema(files: readonly SchemaFile[], diagnostics: Diagnostics): SchemaAst {
  const services = new Map<string, ServiceAst>();
  // Protocol is needed to read operations; service.yaml files are read first.
  const ordered = [...files].sort(
    (a, b) => rank(a) - rank(b) || compareText(a.relativePath, b.relativePath),
  );
  const protocols = new Map<string, "soap" | "rest">();
  const firstFile = new Map<string, string>();
  const sawServiceKey = new Set<string>();
  for (const file of ordered) {
    const r = new SchemaReader(file, diagnostics);
    const start = { file: file.displayPath, line: 1, col: 1 };
    if (file.service === undefined) {
      r.error(start, "schema files belong in a service folder: schemas/SERVICE/FILE.yaml");
      continue;
    }
    if (!firstFile.has(file.service)) firstFile.set(file.service, file.displayPath);
    let service = services.get(file.service);
    if (!service) {
      service = {
        folder: file.service,
        types: [],
        enums: [],
        operations: [],
        flows: [],
        queries: [],
        events: [],
        gaps: [],
      };
      services.set(file.service, service);
    }
    const root = file.root;
    if (root === undefined) continue; // An empty file declares nothing.
    if (root.kind !== "object") {
      r.error(r.at(root), "a schema file must be a map of sections (service, types, enums, ...)");
      continue;
    }
    const sections = r.map(root, start, "a schema file", TOP_LEVEL_KEYS);
    if (!sections) continue;
    const isServiceFile = file.relativePath.endsWith("/service.yaml");
    for (const [key, entry] of sections) {
      switch (key) {
        case "service": {
          sawServiceKey.add(file.service);
          if (!isServiceFile) {
            r.error(entry.keyAt, 'the "service" block belongs in service.yaml');
            break;
          }
          const block = readServiceBlock(r, entry, file.service);
          if (block) {
            (service as { block?: typeof block }).block = block;
            protocols.set(file.service, block.protocol);
          }
          break;
        }
        case "types":
          for (const t of r.namedMap(entry.node, entry.at, "types")) {
            if (!TYPE_NAME.test(t.key))
              r.error(
                t.keyAt,
                `type name "${t.key}" must be letters and digits, starting with a letter`,
              );
            const read = readTypeBody(r, t.node, t.at, `type "${t.key}"`);
            if (read) service.types.push({ ...read.body, name: t.key, at: t.keyAt });
          }
          break;
        case "enums":
          for (const en of r.namedMap(entry.node, entry.at, "enums")) {
            if (!TYPE_NAME.test(en.key))
              r.error(
                en.keyAt,
                `enum name "${en.key}" must be letters and digits, starting with a letter`,
              );
            const read = readEnum(r, en);
            if (read) service.enums.push(read);
          }
          break;
        case "operations": {
          const protocol = protocols.get(file.service);
          if (!protocol) {
            r.error(
              entry.keyAt,
              `operations need the service's protocol: add service.yaml to schemas/${file.service}/`,
            );
            break;
          }
          for (const op of r.namedMap(entry.node, entry.at, "operations")) {
            const read = readOperation(r, op, protocol);
            if (read) service.operations.push(read);
          }
          break;
        }
        case "flows":
          for (const f of r.namedMap(entry.node, entry.at, "flows")) {
            const read = readFlow(r, f);
            if (read) service.flows.push(read);
          }
          break;
        case "query": {
          const read = readQuery(r, entry);
          if (read) service.queries.push(read);
          break;
        }
        case "events":
          for (const ev of r.namedMap(entry.node, entry.at, "events")) {
            const read = readEvent(r, ev);
            if (read) service.events.push(read);
          }
          break;
        case "gaps":
          for (const g of r.namedMap(entry.node, entry.at, "gaps")) {
            const read = readGap(r, g);
            if (read) service.gaps.push(read);
          }
          break;
      }
    }
  }
  for (const service of services.values()) {
    if (!sawServiceKey.has(service.folder)) {
      const serviceFile = files.find((f) => f.relativePath === `${service.folder}/service.yaml`);
      diagnostics.error(
        { file: serviceFile?.displayPath ?? firstFile.get(service.folder)!, line: 1, col: 1 },
        `service folder "${service.folder}" has no service.yaml with a "service:" block`,
      );
    }
  }
  return { services: [...services.values()].sort((a, b) => compareText(a.folder, b.folder)) };
}

function rank(file: SchemaFile): number {
  return file.relativePath.endsWith("/service.yaml") ? 0 : 1;
}
