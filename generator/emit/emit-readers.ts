import { enumValuesOf } from "./enum-values.js";
import { VariableDeclarationKind } from "./ts-morph.js";
import type { Field, ObjectType } from "../model/ir.js";
import type { EmitContext } from "./emit-context.js";
import { paths } from "./paths.js";
import {
  hasInheritedName,
  INHERITED_NAMES,
  propertyAccess,
  propertyName,
  propertySet,
} from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import { xmlReadKey } from "./xml-keys.js";
import { choiceGroupsOf } from "./choice-groups.js";
import { tagCases, variantShapes } from "./union-variants.js";

const READ = paths.runtime("read-values.ts");

/** The runtime's constant of each text form `readText` checks (see `TextForm`). */
const TEXT_FORMS = {
  date: "DATE_TEXT",
  dateTime: "DATE_TIME_TEXT",
  gYearMonth: "G_YEAR_MONTH_TEXT",
  base64: "BASE64_TEXT",
  uri: "URI_TEXT",
} as const;

/**
 * How a reader reads:
 * - `typed` (what a client reads from XML: responses; a client's JSON is read
 *   by the runtime's generic reader, `read-description.ts`, with the same
 *   reads and the same results): the value returned is of its
 *   type, or `ParseError`: required fields present, enum values in the list
 *   (or kept aside in `keep` mode), exactly one member of a choice, dates,
 *   URIs and Base64 in their form. Built as object literals, without casts.
 * - `draft` (what a server reads: requests): each value of its wire type
 *   (numbers, booleans, exact decimals), while presence, enum values, choices
 *   and text forms are left to the generated validator, which a server runs
 *   next and answers with a validation result rather than a parse error.
 *
 * In both, XML elements must come in schema order, unknown data is treated as
 * the call's `onUnknown` says, and a list wrapper never reads as a shorter list.
 */
export type ReaderKind = "typed" | "draft";

/**
 * Emits `read<Type>(value, path, o)` for each type: it turns a parsed XML
 * element or JSON object into the typed value (or, `draft`, a plain record),
 * keeping longs and decimals exact. A field's path is built only when its
 * value is wrong.
 */
export function emitReaders(
  file: TsFile,
  ctx: EmitContext,
  side: "sent" | "received",
  format: "xml" | "json",
  kind: ReaderKind,
): void {
  const { service } = ctx;
  const fn = (name: string) => file.value(name, READ);
  const types = service.types.filter((t) =>
    side === "sent" ? t.facts.wireSent : t.facts.wireReceived,
  );
  // Types read as a whole (bodies and field values); the others are only bases, read through their fields reader.
  const whole = new Set(
    types
      .filter((t) => (side === "sent" ? t.facts.wholeSent : t.facts.wholeReceived))
      .map((t) => t.name),
  );
  const bases = new Set(types.flatMap((t) => t.facts.delegatedBase ?? []));
  for (const type of types) {
    const typeName =
      kind === "typed"
        ? file.type(ctx.names.get("type", type.name), paths.types(service.name))
        : file.type("Draft", READ);
    const context = file.type("ReadContext", READ);
    if (type.kind === "opaque") {
      // A list body reads as a list, on either side.
      const readType = type.list
        ? `readonly ${file.type("OpaqueValue", paths.runtime("opaque.ts"))}[]`
        : typeName;
      addReader(file, ctx.names.get("reader", type.name), readType, context, [
        `return ${fn(type.list ? "readOpaqueList" : "readOpaque")}(value, o, path);`,
      ]);
      continue;
    }
    if (type.kind === "union") {
      // The variant the tag (or the keys) names reads the value: what it returns is of the union's type.
      const UNION = paths.runtime("union.ts");
      const reader = (v: string) => ctx.names.get("reader", v);
      const read = type.discriminator
        ? `${file.value("readTagged", UNION)}(value, o, path, ${stringLiteral(type.discriminator.property)}, ${tagCases(type, reader)})`
        : `${file.value("readUntagged", UNION)}(value, o, path, ${variantShapes(ctx.service, type)}, [${(type.variants ?? []).map(reader).join(", ")}])`;
      addReader(file, ctx.names.get("reader", type.name), typeName, context, [
        `return ${read} as ${typeName};`,
      ]);
      continue;
    }
    const names = type.allFields.map((f) =>
      stringLiteral(format === "xml" ? xmlReadKey(f) : f.name),
    );
    if (!whole.has(type.name)) {
      // Only a base: its fields reader is all extensions use.
      addFieldsReader(file, ctx, type, typeName, context, format, kind);
      continue;
    }
    if (type.kind === "choice" && kind === "typed") {
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        declarations: [
          {
            name: ctx.names.get("members", type.name),
            initializer: `[${names.join(", ")}] as const`,
          },
        ],
      });
    }
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: ctx.names.get("fieldSet", type.name),
          // Pure: a caller that reads no value of this type drops the set with its reader.
          initializer: `/* @__PURE__ */ ${fn("fieldSet")}(${type.kind === "choice" && kind === "typed" ? ctx.names.get("members", type.name) : `[${names.join(", ")}]`}${type.facts.extras ? `, ${stringLiteral(type.facts.extras)}` : ""})`,
        },
      ],
    });
    // An element with simple content and no attribute is its text alone; mixed content (text beside elements) is an element.
    const hasText =
      format === "xml" &&
      type.allFields.some((f) => f.xml === "text") &&
      !type.allFields.some((f) => f.xml === undefined);
    const key = (name: string) => {
      const f = type.allFields.find((x) => x.name === name);
      return stringLiteral(format === "xml" && f ? xmlReadKey(f) : name);
    };
    // A typed reader checks the choice groups; a draft leaves them to the validator.
    const groups = kind === "typed" ? choiceGroupsOf(ctx.service, type) : [];
    const start = [
      `const obj = ${fn(hasText ? "readSimpleContent" : "readObject")}(value, o, path);`,
      `const u = ${fn("checkFields")}(obj, ${ctx.names.get("fieldSet", type.name)}, o, path);`,
      ...groups.map(
        (g) =>
          `${fn("choiceGroup")}(obj, [${g.fields.map(key).join(", ")}], ${g.required}, o, path);`,
      ),
    ];
    const open = (expr: string) =>
      type.facts.extras === "properties"
        ? `${fn("keepOpen")}(${expr}, obj, ${ctx.names.get("fieldSet", type.name)})`
        : expr;
    if (type.kind === "choice" && kind === "typed") {
      const cases = type.allFields.map(
        (f) =>
          `case ${stringLiteral(f.name)}: return ${fn("finish")}(${open(`{ ${propertyName(f.name)}: ${requiredRead(file, ctx, f, format)} }`)}, u);`,
      );
      addReader(file, ctx.names.get("reader", type.name), typeName, context, [
        ...start,
        `switch (${fn("choiceOf")}(obj, ${ctx.names.get("members", type.name)}, o, path)) {\n${cases.join("\n")}\n}`,
      ]);
      continue;
    }
    if (bases.has(type.name)) {
      // Extensions read these fields through the fields reader, with their own checks of the whole object.
      addFieldsReader(file, ctx, type, typeName, context, format, kind);
      addReader(file, ctx.names.get("reader", type.name), typeName, context, [
        ...start,
        `const out: ${typeName} = ${ctx.names.get("fieldsReader", type.name)}(obj, path, o, u);`,
        `return ${fn("finish")}(${open("out")}, u);`,
      ]);
      continue;
    }
    addReader(file, ctx.names.get("reader", type.name), typeName, context, [
      ...start,
      ...outStatements(file, ctx, type, typeName, format, kind),
      `return ${fn("finish")}(${open("out")}, u);`,
    ]);
  }
}

/** `read<Type>Fields(obj, path, o, u)`: a base's fields, for the readers of its extensions. */
function addFieldsReader(
  file: TsFile,
  ctx: EmitContext,
  type: ObjectType,
  returnType: string,
  context: string,
  format: "xml" | "json",
  kind: ReaderKind,
): void {
  const statements = [...outStatements(file, ctx, type, returnType, format, kind), "return out;"];
  const text = statements.join("\n");
  file.addFunction({
    name: ctx.names.get("fieldsReader", type.name),
    parameters: [
      { name: "obj", type: file.type("ParsedObject", READ) },
      { name: usesName(text, "path") ? "path" : "_path", type: "string" },
      { name: usesName(text, "o") ? "o" : "_o", type: context },
      {
        name: usesName(text, "u") ? "u" : "_u",
        type: `${file.type("Unknowns", READ)} | undefined`,
      },
    ],
    returnType,
    statements,
  });
}

function addReader(
  file: TsFile,
  name: string,
  returnType: string,
  context: string,
  statements: string[],
): void {
  const text = statements.join("\n");
  file.addFunction({
    name,
    parameters: [
      { name: "value", type: "unknown" },
      { name: usesName(text, "path") ? "path" : "_path", type: "string" },
      { name: usesName(text, "o") ? "o" : "_o", type: context },
    ],
    returnType,
    statements,
  });
}

/** Whether generated statements use a variable (a name not part of a longer name or a property access). */
function usesName(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$.])${name}(?![\\w$])`).test(text);
}

/**
 * Statements that leave the value of a type's fields in `out`, in schema
 * order. Typed: an object literal checked against the type holds the fields up
 * to the last required one (an optional field among them spread from `opt`,
 * so that an absent field is no property at all); the optional fields after
 * it are assigned one by one, which is much cheaper than spreading. Draft: a
 * record filled field by field.
 */
function outStatements(
  file: TsFile,
  ctx: EmitContext,
  type: ObjectType,
  typeName: string,
  format: "xml" | "json",
  kind: ReaderKind,
): string[] {
  const fn = (name: string) => file.value(name, READ);
  const base = type.facts.delegatedBase;
  const own = base ? type.fields : type.allFields;
  const lastRequired = kind === "typed" ? own.map((f) => f.required).lastIndexOf(true) : -1;
  const parts: string[] = [];
  if (base) parts.push(`...${ctx.names.get("fieldsReader", base)}(obj, path, o, u),`);
  own.slice(0, lastRequired + 1).forEach((f) => {
    if (f.required) parts.push(`${propertyName(f.name)}: ${requiredRead(file, ctx, f, format)},`);
    else
      parts.push(
        `...${fn("opt")}(${stringLiteral(f.name)}, ${fieldRead(file, ctx, f, format, kind, "optional")}),`,
      );
  });
  const literal =
    parts.length === 0
      ? "{}"
      : base && parts.length === 1
        ? `${ctx.names.get("fieldsReader", base)}(obj, path, o, u)`
        : `{\n${parts.join("\n")}\n}`;
  const rest = own.slice(lastRequired + 1);
  // `v` takes the type of each read (or `unknown` in a draft), so every assignment is checked.
  // A type with a field named like an Object.prototype member is built without a prototype, so an
  // absent `toString` field reads as undefined, as its type says, not as the inherited function.
  const initial = hasInheritedName(type.allFields)
    ? `Object.assign(Object.create(null), ${literal})`
    : literal;
  return [
    `const out: ${typeName} = ${initial};`,
    ...(rest.length > 0 ? [kind === "typed" ? "let v;" : "let v: unknown;"] : []),
    ...rest.map(
      (f) =>
        `if ((v = ${fieldRead(file, ctx, f, format, kind, "optional")}) !== undefined) ${propertySet("out", f.name, "v")}`,
    ),
  ];
}

/** A required field's read (of a typed reader): its value, or `ParseError` when absent. Also a choice's member, known present. */
function requiredRead(file: TsFile, ctx: EmitContext, f: Field, format: "xml" | "json"): string {
  const read = fieldRead(file, ctx, f, format, "typed", "required");
  return f.list || f.map
    ? `${file.value("required", READ)}(${read}, o, path, ${stringLiteral(f.name)})`
    : read;
}

/**
 * The expression reading one field of `obj`. `optional`: undefined when absent,
 * and an unknown enum value may be kept aside in `u`; `required`: the reader
 * of a single value throws when it is absent (a list is wrapped by the caller).
 */
function fieldRead(
  file: TsFile,
  ctx: EmitContext,
  f: Field,
  format: "xml" | "json",
  kind: ReaderKind,
  presence: "optional" | "required",
): string {
  const fn = (name: string) => file.value(name, READ);
  const key = stringLiteral(f.name);
  const wire = format === "xml" ? xmlReadKey(f) : f.name;
  // A key that no prototype defines can be read directly: absent, it is undefined.
  const get = INHERITED_NAMES.has(wire)
    ? `${fn("own")}(obj, ${stringLiteral(wire)})`
    : propertyAccess("obj", wire);
  // A nullable value (or list item) that is null (`xsi:nil` in XML) reads as null.
  const orNull = (v: string, read: string) =>
    f.nullable ? `${fn("isNil")}(${v}, o) ? null : ${read}` : read;
  const aside = presence === "optional" ? `, u, ${key}` : "";
  if (f.map) {
    // Each member of the map is a value (or a list) of the field's type, under its own key.
    const itemRead = (v: string, p: string) =>
      f.type.kind === "object"
        ? `${ctx.names.get("reader", f.type.name)}(${v}, ${p}, o)`
        : valueRead(file, ctx, f, v, p, undefined, kind, "");
    const entry = f.list
      ? `${fn("readList")}(entry, o, entryPath, (item, itemPath) => ${itemRead("item", "itemPath")})`
      : itemRead("entry", "entryPath");
    return `${fn("readMap")}(${get}, o, ${fn("at")}(path, ${key}), (entry, entryPath) => ${entry})`;
  }
  if (!f.list) {
    const need = presence === "required" ? `, ${fn("REQUIRED")}` : "";
    if (f.type.kind === "object")
      return orNull(
        get,
        `${fn("readChild")}(${get}, o, path, ${key}, ${ctx.names.get("reader", f.type.name)}${need})`,
      );
    return orNull(
      get,
      valueRead(file, ctx, f, get, "path", key, kind, presence === "required" ? need : aside),
    );
  }
  const item = `(item, itemPath) => ${orNull("item", f.type.kind === "object" ? `${ctx.names.get("reader", f.type.name)}(item, itemPath, o)` : valueRead(file, ctx, f, "item", "itemPath", undefined, kind, aside))}`;
  const p = `${fn("at")}(path, ${key})`;
  if (format === "xml" && f.list.item !== undefined)
    return `${fn("readWrappedList")}(${get}, ${stringLiteral(f.list.item)}, o, ${p}, ${item}${aside})`;
  return `${fn("readList")}(${get}, o, ${p}, ${item})`;
}

/**
 * Reads one scalar or enum value; `key` is the field name under `path` (absent
 * for list items, whose path is complete). `tail` ends the call: `, REQUIRED`,
 * or for an enum `, u, "field"` (where an unknown value may be kept aside).
 */
function valueRead(
  file: TsFile,
  ctx: EmitContext,
  f: Field,
  v: string,
  path: string,
  key: string | undefined,
  kind: ReaderKind,
  tail: string,
): string {
  const fn = (name: string) => file.value(name, READ);
  const required = tail.endsWith("REQUIRED") ? tail : "";
  const k = (key === undefined ? "" : `, ${key}`) + required;
  const t = f.type;
  if (t.kind === "enum") {
    if (kind === "draft") return `${fn("readString")}(${v}, o, ${path}${k})`;
    const values = enumValuesOf(file, ctx.service, ctx.names, t.name);
    return `${fn("readEnum")}(${v}, ${values}, o, ${path}, ${key ?? "undefined"}${tail})`;
  }
  if (t.kind === "object") throw new Error("valueRead: objects are read by their reader");
  switch (t.name) {
    case "boolean":
      return `${fn("readBoolean")}(${v}, o, ${path}${k})`;
    case "short":
      return `${fn("readInteger")}(${v}, o, ${path}, 16${k})`;
    case "int":
      return `${fn("readInteger")}(${v}, o, ${path}, 32${k})`;
    case "long":
      return `${fn("readLong")}(${v}, o, ${path}${k})`;
    case "decimal":
      return `${fn("readDecimal")}(${v}, o, ${path}${k})`;
    case "double":
      return `${fn("readDouble")}(${v}, o, ${path}${k})`;
    case "json":
      return `${file.value("readJsonValue", paths.runtime("json-value.ts"))}(${v}, o, ${path}${k})`;
    case "date":
    case "dateTime":
    case "gYearMonth":
    case "base64":
    case "uri":
      if (kind === "draft") return `${fn("readString")}(${v}, o, ${path}${k})`;
      return `${fn("readText")}(${v}, ${fn(TEXT_FORMS[t.name])}, o, ${path}${k})`;
    default:
      return `${fn("readString")}(${v}, o, ${path}${k})`;
  }
}
