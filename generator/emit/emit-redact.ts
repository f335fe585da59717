import type { Field, Service } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import type { GeneratedFile } from "./generated-file.js";
import { fieldShape } from "./field-shape.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";
import { unionDispatch } from "./union-variants.js";
import { TsFile } from "./ts-file.js";

/**
 * `<service>/redact.ts`: for every type that holds a sensitive field, a
 * function returning a copy fit for logs: card and account numbers cut to
 * their last four digits, codes, keys, cryptograms and wallet payloads
 * replaced entirely. Hooks, errors and inspect output only ever see these copies.
 */
export function emitRedact(ctx: EmitContext): GeneratedFile {
  const { service, names } = ctx;
  const sensitive = new Set(service.types.filter((t) => t.facts.sensitive).map((t) => t.name));
  const file = serviceFile(ctx, paths.redact(service.name));
  for (const type of service.types) {
    if (!sensitive.has(type.name)) continue;
    const typeName = file.type(names.get("type", type.name), paths.types(service.name));
    if (type.kind === "union") {
      // The variant's redactor, when it holds sensitive values; the value as it is otherwise.
      file.addFunction({
        isExported: true,
        name: names.get("redactor", type.name),
        docs: [
          `A copy of a {@link ${typeName}} with every sensitive value redacted, for logs and inspect output.`,
        ],
        parameters: [{ name: "value", type: typeName }],
        returnType: typeName,
        statements: unionDispatch(file, service, type, (v) =>
          sensitive.has(v)
            ? `${names.get("redactor", v)}(value as ${file.type(names.get("type", v), paths.types(service.name))}) as ${typeName}`
            : "value",
        ),
      });
      continue;
    }
    // An extension of a base that holds sensitive values starts from the base's redacted copy.
    const base = type.base !== undefined && sensitive.has(type.base) ? type.base : undefined;
    const overrides = (base ? type.fields : type.allFields).filter(
      (f) => f.sensitive !== undefined || (f.type.kind === "object" && sensitive.has(f.type.name)),
    );
    const fields = `[${overrides.map((f) => redactedField(file, f, service, names)).join(", ")}]`;
    file.addFunction({
      isExported: true,
      name: names.get("redactor", type.name),
      docs: [
        `A copy of a {@link ${typeName}} with every sensitive value redacted, for logs and inspect output.`,
      ],
      parameters: [{ name: "value", type: typeName }],
      returnType: typeName,
      statements: `return ${file.value("redactFields", paths.runtime("redact-fields.ts"))}(value, ${fields}${base ? `, ${names.get("redactor", base)}(value)` : ""});`,
    });
  }
  return file.finish();
}

/**
 * A field as `redactFields` takes it: its name; the kind its values are
 * redacted as, or the redactor of its type (or of its query); its shape.
 */
function redactedField(file: TsFile, f: Field, service: Service, names: ServiceNames): string {
  const redaction =
    f.sensitive === "query"
      ? file.value(names.get("queryRedactor", service.name), paths.query(service.name))
      : f.sensitive !== undefined
        ? stringLiteral(f.sensitive)
        : names.get("redactor", f.type.name);
  const shape = fieldShape(f);
  return `[${stringLiteral(f.name)}, ${redaction}${shape !== undefined ? `, ${stringLiteral(shape)}` : ""}]`;
}
