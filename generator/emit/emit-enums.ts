import { VariableDeclarationKind } from "./ts-morph.js";
import type { EnumType } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import type { GeneratedFile } from "./generated-file.js";
import { isConstantEnum, isWrittenInPlace } from "./enum-values.js";
import { docBlock, docText, joinDocs } from "./jsdoc.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";
import { TsFile } from "./ts-file.js";

/**
 * `<service>/enums.ts`: per enum, its type (the members of its value list),
 * the frozen list of its values (written once) and a guard; a constant (one
 * value) is its literal type alone, and one that documents nothing is not
 * declared at all (its literal is written where it is used).
 */
export function emitEnums(ctx: EmitContext): GeneratedFile {
  const { service, names } = ctx;
  const file = serviceFile(ctx, paths.enums(service.name));
  for (const e of service.enums) if (!isWrittenInPlace(e)) emitEnum(file, e, names);
  return file.finish();
}

function emitEnum(file: TsFile, e: EnumType, names: ServiceNames): void {
  const name = names.get("type", e.name);
  const lines = e.default !== undefined ? [`Default: \`${e.default}\`.`] : [];
  // A constant's value has no list to carry its doc (its text, notes and source): the type does.
  const docs = joinDocs(
    docText(e, { lines }),
    isConstantEnum(e) ? docText(e.values[0]!) : undefined,
  );
  const valuesName = names.get("enumValues", e.name);
  // The values are written once, in the list: the type is the list's members.
  file.addTypeAlias({
    name,
    isExported: true,
    type: isConstantEnum(e) ? stringLiteral(e.values[0]!.value) : `(typeof ${valuesName})[number]`,
    ...(docs ? { docs: [docs] } : {}),
  });
  if (isConstantEnum(e)) return;
  const items = e.values.map((v) => `${docBlock(docText(v))}${stringLiteral(v.value)},`).join("\n");
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: valuesName,
        // Pure: a caller that never lists the values drops the list.
        initializer: `/* @__PURE__ */ Object.freeze([\n${items}\n] as const)`,
      },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: names.get("enumGuard", e.name),
        initializer: `/* @__PURE__ */ ${file.value("oneOf", paths.runtime("one-of.ts"))}(${valuesName})`,
      },
    ],
  });
  if (e.groups) {
    const by = names.get("type", e.groups.by);
    const table = e.groups.members
      .map((m) => `${stringLiteral(m.group)}: [${m.values.map(stringLiteral).join(", ")}],`)
      .join("\n");
    const tableName = names.get("enumGroupTable", e.name);
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`The documented membership of {@link ${name}} values in {@link ${by}} values.`],
      declarations: [
        {
          name: tableName,
          type: `{ readonly [group in ${by}]?: readonly ${name}[] }`,
          initializer: `{\n${table}\n}`,
        },
      ],
    });
    file.addFunction({
      isExported: true,
      name: names.get("enumGroupOf", e.name),
      docs: [
        `Every {@link ${by}} that lists \`value\`, in documented order; a value can belong to more than one.`,
      ],
      parameters: [{ name: "value", type: name }],
      returnType: `${by}[]`,
      statements: `return (Object.keys(${tableName}) as ${by}[]).filter((group) => ${tableName}[group]?.includes(value) === true);`,
    });
  }
}
