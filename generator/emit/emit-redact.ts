import type { Project } from "ts-morph";
import type { Field, Service } from "../model/ir.js";
import { sensitiveTypes } from "../model/reachable.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";
import { propertyAccess, propertyName } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import { TsFile } from "./ts-file.js";
import { queryRedactorName } from "./emit-query.js";

export const redactorName = (type: string) => `redact${type}`;

/**
 * `<service>/redact.ts`: for every type that holds a sensitive field, a
 * function returning a copy fit for logs: card and account numbers cut to
 * their last four digits, codes, keys, cryptograms and wallet payloads
 * replaced entirely. Hooks, errors and inspect output only ever see these copies.
 */
export function emitRedact(project: Project, service: Service): GeneratedFile | undefined {
  const sensitive = sensitiveTypes(service);
  if (sensitive.size === 0) return undefined;
  const file = new TsFile(project, paths.redact(service.name));
  for (const type of service.types) {
    if (!sensitive.has(type.name)) continue;
    const typeName = file.type(type.name, paths.types(service.name));
    // An extension of a base that holds sensitive values starts from the base's redacted copy.
    const base = type.base !== undefined && sensitive.has(type.base) ? type.base : undefined;
    const start = base ? `...${redactorName(base)}(value)` : "...value";
    const overrides = (base ? type.fields : type.allFields).filter((f) => f.sensitive !== undefined || (f.type.kind === "object" && sensitive.has(f.type.name)));
    const lines = overrides.map((f) => `...(${propertyAccess("value", f.name)} === undefined ? {} : { ${propertyName(f.name)}: ${redactField(file, f, sensitive, service.name)} }),`);
    file.addFunction({
      isExported: true,
      name: redactorName(type.name),
      docs: [`A copy of a {@link ${type.name}} with every sensitive value redacted, for logs and inspect output.`],
      parameters: [{ name: "value", type: typeName }],
      returnType: typeName,
      statements: `return { ${start}, ${lines.join(" ")} } as ${typeName};`,
    });
  }
  return file.finish();
}

function redactField(file: TsFile, f: Field, sensitive: ReadonlySet<string>, serviceName: string): string {
  const access = propertyAccess("value", f.name);
  const one = (v: string) =>
    f.sensitive === "query"
      ? `${file.value(queryRedactorName(serviceName), paths.query(serviceName))}(${v})`
      : f.sensitive !== undefined
      ? `${file.value("redact", paths.runtime("redact.ts"))}(${stringLiteral(f.sensitive)}, ${v})`
      : sensitive.has(f.type.name)
        ? `${redactorName(f.type.name)}(${v})`
        : v;
  return f.list ? `${access}.map((item) => ${one("item")})` : one(access);
}
