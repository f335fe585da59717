import { enumValuesOf } from "./enum-values.js";
import { VariableDeclarationKind } from "./ts-morph.js";
import { facetOf } from "../facets/registry.js";
import type { Field, ObjectType, Service } from "../model/ir.js";
import { writesNumberText } from "../model/scalar-forms.js";
import type { ScalarName } from "../model/vocabulary.js";
import type { ScalarName as RuntimeScalarName } from "../runtime/described-scalars.js";
import type { ServiceNames } from "../naming/names.js";
import { paths } from "./paths.js";
import { propertyName } from "./safe-names.js";
import { constLiteral, stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import type { GeneratedFile } from "./generated-file.js";
import { choiceGroupsOf } from "./choice-groups.js";

const DESCRIPTION = paths.runtime("description.ts");
/** The runtime's scalars, one constant each (`<name>Scalar`): a description imports those its fields hold. */
const SCALARS = paths.runtime("described-scalars.ts");
/** The runtime's checks, among them each facet's (`Facet.runtimeCheck`): a description imports those its fields use. */
const VALIDATE = paths.runtime("validate.ts");
/** The walks of a union's description (`taggedUnion`, `untaggedUnion`): imported by the descriptions of unions only. */
const UNION_WALKS = paths.runtime("union-walks.ts");

/** The model's scalars are the runtime's, one list on each side of the package boundary: this fails to compile when they part. */
type SameScalars = [ScalarName] extends [RuntimeScalarName]
  ? [RuntimeScalarName] extends [ScalarName]
    ? true
    : never
  : never;
true satisfies SameScalars;

/**
 * Declares `descriptionOf<Type>` in `file`, exported: the type's description
 * (runtime/description.ts), plain data the runtime's generic functions walk.
 * An extension of a closed base describes its own fields and names the
 * base's description; a reference to another type is a function, read when
 * a value is walked. A referred description is imported from descriptions.ts
 * when it is one of `imported`, else it must be declared in the same file.
 */
export function emitDescription(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  type: ObjectType,
  imported: ReadonlySet<string> = new Set(),
  /** The type of each structure described so far, by the text of its description. */
  written?: Map<string, string>,
): void {
  // Described in a draft: a description that names another's keeps none of the imports its body used.
  const draft = file.draft();
  const refIn = (into: TsFile) => (name: string) =>
    imported.has(name)
      ? into.value(names.get("description", name), paths.descriptions(service.name))
      : names.get("description", name);
  const refOf = refIn(file);
  const [typeName, members] = describe(draft, service, names, refIn(draft), type);
  const name = names.get("description", type.name);
  // One member a line: prettier keeps an object written so broken, and lays out each member alone.
  const body = `{\n${members.map((m) => `${m},\n`).join("")}}`;
  // Types of one structure (their docs differ, which a description does not hold) share the description
  // written first, here or, when it is one of `imported`, in descriptions.ts.
  const same = written?.get(`${typeName} ${body}`);
  if (same === undefined) {
    written?.set(`${typeName} ${body}`, type.name);
    file.keep(draft);
  }
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name,
        type: file.type(typeName, DESCRIPTION),
        initializer: same !== undefined ? refOf(same) : body,
      },
    ],
  });
}

/**
 * `<service>/descriptions.ts`: the descriptions of `describedTypes`, each
 * declared once for the service, which validators.ts, json.ts and
 * answer-validators.ts import. Types of one structure share one description:
 * the later ones name the first (a description holds no docs). Each is a constant of plain data with no side
 * effect: a bundle keeps only the descriptions its code reaches.
 */
export function emitDescriptions(ctx: EmitContext): GeneratedFile {
  const file = serviceFile(ctx, paths.descriptions(ctx.service.name));
  const written = new Map<string, string>();
  for (const type of describedTypes(ctx.service))
    emitDescription(file, ctx.service, ctx.names, type, new Set(), written);
  return file.finish();
}

/**
 * The types descriptions.ts describes, in the service's order: every type a
 * client's files hand to the runtime's generic functions, and every type
 * their descriptions refer to. Validators check what callers send; a REST
 * client reads its response bodies through their descriptions (a body the
 * contract does not show is read by `readOpaque`, without one). The server
 * side's own (`answerDescribedTypes`) are not here: a package has the same
 * client files with or without it.
 */
export function describedTypes(service: Service): readonly ObjectType[] {
  return closureOf(
    service,
    service.types.filter(
      (t) =>
        t.facts.sent ||
        (service.protocol === "rest" && t.facts.wireReceived && t.kind !== "opaque"),
    ),
  );
}

/**
 * The types whose descriptions answer-validators.ts declares: those its
 * validators walk (`roots`) and refer to, less those of descriptions.ts,
 * which it imports.
 */
export function answerDescribedTypes(
  service: Service,
  roots: readonly ObjectType[],
): readonly ObjectType[] {
  const shared = new Set(describedTypes(service));
  return closureOf(service, roots).filter((t) => !shared.has(t));
}

/** `roots` and every type their descriptions refer to, in the service's order. */
function closureOf(service: Service, roots: readonly ObjectType[]): readonly ObjectType[] {
  const byName = new Map(service.types.map((t) => [t.name, t]));
  const reached = new Set<string>();
  const pending = roots.map((t) => t.name);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const type = byName.get(name);
    if (type === undefined || reached.has(name)) continue;
    reached.add(name);
    pending.push(...referencesOf(type));
  }
  return service.types.filter((t) => reached.has(t.name));
}

/** The types a type's description refers to: its fields' types, its base, its variants. */
function referencesOf(type: ObjectType): string[] {
  return [
    ...type.allFields.flatMap((f) => (f.type.kind === "object" ? [f.type.name] : [])),
    ...(type.facts.delegatedBase !== undefined ? [type.facts.delegatedBase] : []),
    ...(type.variants ?? []),
    ...(type.discriminator?.mapping.map((m) => m.type) ?? []),
  ];
}

/** The description's type in the runtime and the members of its literal. */
function describe(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  refOf: (type: string) => string,
  type: ObjectType,
): readonly [string, readonly string[]] {
  const ref = (name: string) => `() => ${refOf(name)}`;
  if (type.kind === "opaque")
    return ["OpaqueDescription", [`opaque: ${type.list ? `"list"` : `"object"`}`]];
  if (type.kind === "union") {
    if (type.discriminator) {
      // A tag value is a key: `["__proto__"]` is one (written bare, it would set the prototype).
      const cases = type.discriminator.mapping.map(
        (m) => `${propertyName(m.value)}: ${ref(m.type)}`,
      );
      return [
        "TaggedUnionDescription",
        [
          `tag: ${stringLiteral(type.discriminator.property)}`,
          `cases: { ${cases.join(", ")} }`,
          `walks: ${file.value("taggedUnion", UNION_WALKS)}`,
        ],
      ];
    }
    const variants = (type.variants ?? []).map((v) => `[${stringLiteral(v)}, ${ref(v)}]`);
    return [
      "UntaggedUnionDescription",
      [`variants: [${variants.join(", ")}]`, `walks: ${file.value("untaggedUnion", UNION_WALKS)}`],
    ];
  }
  // An extension of a closed base names the base, whose fields and groups come first.
  const base = type.facts.delegatedBase;
  const fields = base !== undefined ? type.fields : type.allFields;
  const groups = choiceGroupsOf(service, type, base !== undefined ? "own" : "all");
  const members = [
    `fields: [${fields.map((f) => describeField(file, service, names, refOf, f)).join(", ")}]`,
    ...(base !== undefined ? [`base: ${ref(base)}`] : []),
    ...(type.kind === "choice" ? ["choice: true"] : []),
    ...(type.open ? ["open: true"] : []),
    ...(type.facts.extras === "kept" ? ["kept: true"] : []),
    ...(groups.length > 0
      ? [
          `groups: [${groups
            .map(
              (g) =>
                `{ fields: [${g.fields.map(stringLiteral).join(", ")}], required: ${g.required} }`,
            )
            .join(", ")}]`,
        ]
      : []),
  ];
  return ["ObjectDescription", members];
}

/** A field's description: `{ name, type, ... }`, each mark only when it is set. */
function describeField(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  refOf: (type: string) => string,
  f: Field,
): string {
  const t = f.type;
  const type =
    t.kind === "object"
      ? `() => ${refOf(t.name)}`
      : t.kind === "enum"
        ? enumValuesOf(file, service, names, t.name)
        : file.value(`${t.name}Scalar`, SCALARS);
  const marks = [
    `name: ${stringLiteral(f.name)}`,
    `type: ${type}`,
    ...(f.required ? ["required: true"] : []),
    ...(f.list
      ? [`list: [${f.list.min}${f.list.max !== undefined ? `, ${f.list.max}` : ""}]`]
      : []),
    ...(f.map ? ["map: true"] : []),
    ...(f.nullable ? ["nullable: true"] : []),
    // The constant after its check, imported: a bundle without a constant holds no decimal comparison.
    ...(f.const !== undefined
      ? [`const: [${file.value("checkConst", VALIDATE)}, ${constLiteral(f.const)}]`]
      : []),
    ...(f.facets.length > 0
      ? [`facets: [${f.facets.map((use) => facetEntry(file, use)).join(", ")}]`]
      : []),
    // A JSON body (a REST service's) has no form for NaN and the infinities.
    ...(t.kind === "scalar" && t.name === "double" && service.protocol === "rest"
      ? ["finite: true"]
      : []),
    // A long or decimal in its number form: the writer writes its text as the exact number.
    ...(writesNumberText(f)
      ? [`write: ${file.value("jsonNumber", paths.runtime("json.ts"))}`]
      : []),
  ];
  return `{ ${marks.join(", ")} }`;
}

/** One facet as `[check, value]`: the runtime's check the facet table names for it, imported. */
function facetEntry(file: TsFile, use: Field["facets"][number]): string {
  const facet = facetOf(use.key);
  if (!facet) throw new Error(`unknown facet ${use.key}`);
  const value = typeof use.value === "number" ? String(use.value) : stringLiteral(use.value);
  return `[${file.value(facet.runtimeCheck, VALIDATE)}, ${value}]`;
}
