import { FORMAT_OPTIONS } from "../format/format-options.js";
import { facetParagraph } from "../facets/facet-paragraph.js";
import { inclusionOf } from "./included-types.js";
import type { Field, ObjectType, Service } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import type { GeneratedFile } from "./generated-file.js";
import { docText, memberDoc } from "./jsdoc.js";
import { paths } from "./paths.js";
import { propertyName } from "./safe-names.js";
import { constantsType } from "./request-constants.js";
import { constLiteral, stringLiteral } from "./schema-text.js";
import { fieldTypeExpression } from "./type-expression.js";
import { width } from "./ts-layout.js";

/** `<service>/types.ts`: one interface per object type, in name order. */
export function emitTypes(ctx: EmitContext): GeneratedFile {
  const { service, names } = ctx;
  const file = serviceFile(ctx, paths.types(service.name));
  const gaps = new Map(service.gaps.map((g) => [g.id, g]));
  const types = new Map(service.types.map((t) => [t.name, t]));
  for (const type of service.types) {
    const inclusion = inclusionOf(type, types);
    const lines = typeLines(type, gaps, names, inclusion.named);
    const docs = docText(type, { lines });
    const name = names.get("type", type.name);
    if (type.kind === "opaque") {
      file.addTypeAlias({
        name,
        isExported: true,
        type: type.list
          ? `readonly ${file.type("OpaqueValue", paths.runtime("opaque.ts"))}[]`
          : file.type("OpaqueBody", paths.runtime("opaque.ts")),
        ...(docs ? { docs: [docs] } : {}),
      });
      continue;
    }
    if (type.kind === "union") {
      // One of the variants; with a discriminator, each carries its tag values, so a switch on the tag narrows.
      const d = type.discriminator;
      const members = (type.variants ?? []).map((v) => {
        const variant = file.type(names.get("type", v), paths.types(service.name));
        const values = (d?.mapping ?? [])
          .filter((m) => m.type === v)
          .map((m) => stringLiteral(m.value));
        return d && values.length > 0
          ? `(${variant} & { readonly ${propertyName(d.property)}: ${values.join(" | ")} })`
          : variant;
      });
      file.addTypeAlias({
        name,
        isExported: true,
        type: members.join(" | "),
        ...(docs ? { docs: [docs] } : {}),
      });
      continue;
    }
    if (type.kind === "choice") {
      file.addTypeAlias({
        name,
        isExported: true,
        type: choiceUnion(type, (f) => ({
          doc: memberDoc(
            docText(f, { examples: f.examples, lines: fieldLines(f, service.protocol) }),
            CHOICE_PROPERTY_INDENT,
          ),
          type: fieldTypeExpression(file, service, names, f),
        })),
        ...(docs ? { docs: [docs] } : {}),
      });
      continue;
    }
    const bases = [...(type.base ? [type.base] : []), ...inclusion.extended.map((t) => t.name)];
    file.addInterface({
      name,
      isExported: true,
      ...(bases.length > 0
        ? { extends: bases.map((b) => file.type(names.get("type", b), paths.types(service.name))) }
        : {}),
      ...(docs ? { docs: [docs] } : {}),
      ...(type.facts.extras === "properties"
        ? {
            indexSignatures: [
              {
                keyName: "extra",
                keyType: "string",
                returnType: "unknown",
                docs: ["Properties the documents do not show, sent and kept as given."],
              },
            ],
          }
        : {}),
      properties: inclusion.own.map((f) => {
        const fieldDocs = docText(f, {
          examples: f.examples,
          lines: fieldLines(f, service.protocol),
        });
        return {
          name: propertyName(f.name),
          type: fieldTypeExpression(file, service, names, f),
          hasQuestionToken: !f.required,
          ...(fieldDocs ? { docs: [fieldDocs] } : {}),
        };
      }),
    });
  }
  // An operation that always sends some request values takes a request type that cannot hold other values.
  for (const op of service.operations) {
    if (op.protocol !== "rest" || !op.requestConstants || !op.requestType) continue;
    const constants = op.requestConstants;
    file.addTypeAlias({
      isExported: true,
      name: names.get("operationRequest", op.name),
      docs: [
        `A \`${op.name}\` request: a {@link ${names.get("type", op.requestType)}} whose ${constants.map((c) => `\`${c.path}\` is ${constLiteral(c.value)}`).join(" and ")} or left out. The client sends ${constants.length === 1 ? "that value" : "those values"} itself, and refuses another with \`ValidationError\` before sending.`,
      ],
      type: `${names.get("type", op.requestType)} & ${constantsType(constants)}`,
    });
  }
  return file.finish({ layout: "final" });
}

function typeLines(
  type: ObjectType,
  gaps: ReadonlyMap<string, { text: string; extension: string }>,
  names: ServiceNames,
  included: readonly string[],
): string[] {
  const lines: string[] = [];
  if (type.shapeOf !== undefined)
    lines.push(
      `What a caller sends of {@link ${names.get("type", type.shapeOf)}}: its read-only properties left out.`,
    );
  if (included.length > 0)
    lines.push(
      `Includes the properties of ${included.map((t) => `{@link ${names.get("type", t)}}`).join(", ")}.`,
    );
  if (type.origin.kind === "inline")
    lines.push(
      `The \`${type.origin.field}\` object of {@link ${names.get("type", type.origin.parent)}}.`,
    );
  if (type.origin.kind === "request")
    lines.push(`Request of the \`${type.origin.operation}\` operation.`);
  if (type.origin.kind === "response")
    lines.push(`Result of the \`${type.origin.operation}\` operation.`);
  if (type.origin.kind === "parameter")
    lines.push(
      `The \`${type.origin.parameter}\` parameter of the \`${type.origin.operation}\` operation.`,
    );
  if (type.origin.kind === "payload")
    lines.push(`The payload of the \`${type.origin.event}\` event.`);
  if (type.kind === "choice")
    lines.push(`Exactly one of: ${type.fields.map((f) => `\`${f.name}\``).join(", ")}.`);
  // A union's variants, and the tag value of each, are its type's own members, written below the comment: only how they are told apart is said.
  if (type.kind === "union") {
    const d = type.discriminator;
    lines.push(
      d
        ? `Its variants are told apart by \`${d.property}\`.`
        : "Its variants are told apart by their properties.",
    );
  }
  for (const group of type.choices ?? [])
    lines.push(
      `${group.required ? "Exactly" : "At most"} one of: ${group.fields.map((f) => `\`${f}\``).join(", ")} (checked by the validator and the reader).`,
    );
  const gap = type.gap ? gaps.get(type.gap) : undefined;
  if (gap) lines.push(`Not shown by the documents: "${gap.text}" ${gap.extension}`);
  if (type.facts.extras === "kept")
    lines.push(
      "The documents show this object only in part: what else the service sends is kept beside it, read with `unknownData(value).fields`.",
    );
  return lines;
}

/** A property of a choice's union, as prettier indents it below `| {` (ts-morph indents the lines after an alias's first by one more level). */
const CHOICE_PROPERTY_INDENT = "    ";

/**
 * A choice as a union of objects, each holding one member and excluding the
 * others. With no doc comment, on one line (the layout breaks it as prettier
 * does, `emit/ts-layout.ts`); a member with a doc comment has it on its own
 * lines above it, so the union is written as prettier lays it out: on the
 * lines after `=`, one object a line after `|`, a documented one (or one too
 * wide) one property a line.
 */
function choiceUnion(
  type: ObjectType,
  member: (f: Field) => { readonly doc: string; readonly type: string },
): string {
  const objects = type.fields.map((f) => {
    const { doc, type: fieldType } = member(f);
    const others = type.fields
      .filter((o) => o !== f)
      .map((o) => `${propertyName(o.name)}?: undefined`);
    return { doc, properties: [`${propertyName(f.name)}: ${fieldType}`, ...others] };
  });
  const oneLine = objects.map((o) => `{ ${o.properties.join("; ")} }`);
  if (objects.every((o) => o.doc === "")) return oneLine.join(" | ");
  const lines = objects.map((o, i) => {
    const end = i === objects.length - 1 ? ";" : "";
    if (o.doc === "" && width(`  | ${oneLine[i]}${end}`) <= FORMAT_OPTIONS.printWidth!)
      return `| ${oneLine[i]}`;
    const properties = o.properties.map((p) => `${CHOICE_PROPERTY_INDENT}${p};`);
    return `| {\n${o.doc}${properties.join("\n")}\n  }`;
  });
  return `\n${lines.join("\n")}`;
}

function fieldLines(f: Field, protocol: Service["protocol"]): string[] {
  const lines: string[] = [];
  // A list of any length says no more than its type: only bounds and an XML item element are written.
  const list = f.list;
  const occurs =
    list && (list.min > 0 || list.max !== undefined || list.item !== undefined)
      ? `List of ${list.min}..${list.max ?? "unbounded"}${list.item ? `, XML item element \`${list.item}\`` : ""}.`
      : undefined;
  const mapped = f.map
    ? `A map: any key, each value ${f.list ? "a list" : "one value"} of this type.`
    : undefined;
  if (mapped) lines.push(mapped);
  if (occurs) lines.push(occurs);
  if (f.const !== undefined) lines.push(`Documented constant: \`${String(f.const)}\`.`);
  if (f.default !== undefined) lines.push(`Default: \`${f.default}\`.`);
  const facets = facetParagraph(f.facets);
  if (facets) lines.push(facets);
  if (f.xml === "attribute") lines.push("XML: an attribute of the element.");
  if (f.xml === "text") lines.push("XML: the text of the element.");
  // A JSON service's type says all there is (`| null`); an XML one's also says how null is written.
  if (f.nullable && protocol === "soap")
    lines.push(
      f.list
        ? "An item may be null: sent and read as `xsi:nil` in XML, `null` in JSON."
        : "May be null: sent and read as `xsi:nil` in XML, `null` in JSON.",
    );
  if (f.sensitive)
    lines.push(`Sensitive (${f.sensitive}): never shown in messages, logs or inspect output.`);
  return lines;
}
