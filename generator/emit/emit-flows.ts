import { FORMAT_OPTIONS } from "../format/format-options.js";
import { declaresEnumType, enumValuesOf } from "./enum-values.js";
import { VariableDeclarationKind } from "./ts-morph.js";
import type { Flow, ObjectType, Service } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import type { GeneratedFile } from "./generated-file.js";
import { docText, docWithLead } from "./jsdoc.js";
import { paths } from "./paths.js";
import { propertyName } from "./safe-names.js";
import { withConstantsExpression } from "./request-constants.js";
import { constLiteral, pathValueLiteral, stringLiteral } from "./schema-text.js";
import { TsFile } from "./ts-file.js";
import { fieldTypeExpression } from "./type-expression.js";

const FLOW = paths.runtime("flow.ts");

/**
 * `<service>/flows.ts`: for each documented flow, an input type that requires
 * exactly what the flow requires and leaves out what it fixes, a validator of
 * the flow's required-field table, and a builder that fills in the documented
 * constants itself.
 */
export function emitFlows(ctx: EmitContext): GeneratedFile {
  const { service, names } = ctx;
  const file = serviceFile(ctx, paths.flows(service.name));
  const specName = (flow: string) => names.get("flowSpec", flow);
  const inputName = (flow: string) => names.get("flowInput", flow);
  const types = new Map(service.types.map((t) => [t.name, t]));
  const ops = new Map(service.operations.map((o) => [o.name, o]));
  const sensitive = new Set(service.types.filter((t) => t.facts.sensitive).map((t) => t.name));
  const requestOf = (flow: Flow) => types.get(flow.type)!;
  const builderName = (flow: Flow) =>
    names.get(flow.operation !== undefined ? "flowBuilder" : "valueBuilder", flow.name);
  const specType = file.type("FlowSpec", FLOW);
  /** Flows whose input has no required member, so the builder's input may be left out. */
  const emptyInputs = new Set<string>();
  for (const flow of service.flows) {
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        `The ${flow.title ?? flow.name} flow as data: its required fields, constants and defaults.`,
      ],
      declarations: [
        {
          name: specName(flow.name),
          type: specType,
          initializer: objectLiteral(`export const ${specName(flow.name)}: ${specType} = `, [
            `name: ${stringLiteral(flow.name)}`,
            `required: [${flow.required.map(stringLiteral).join(", ")}]`,
            ...(flow.exactlyOne.length > 0
              ? [
                  `exactlyOne: [${flow.exactlyOne.map((g) => `[${g.map(stringLiteral).join(", ")}]`).join(", ")}]`,
                ]
              : []),
            `constants: [${flow.constants.map((c) => `[${stringLiteral(c.path)}, ${constLiteral(c.value)}]`).join(", ")}]`,
            `defaults: [${flow.defaults.map((c) => `[${stringLiteral(c.path)}, ${pathValueLiteral(c.value)}]`).join(", ")}]`,
            ...supportsProperty(flow),
          ]),
        },
      ],
    });
  }
  for (const flow of service.flows) {
    const request = requestOf(flow);
    // A flow of an operation that always sends some values builds that operation's own request type, the constants written as literals.
    const flowOp = flow.operation !== undefined ? ops.get(flow.operation) : undefined;
    const opConstants =
      flowOp?.protocol === "rest" && flowOp.requestConstants ? flowOp.requestConstants : undefined;
    const requestType = file.type(names.get("type", request.name), paths.types(service.name));
    const builtType =
      flowOp && opConstants
        ? file.type(names.get("operationRequest", flowOp.name), paths.types(service.name))
        : requestType;
    const stamped = (expr: string) =>
      opConstants ? withConstantsExpression(expr, opConstants) : expr;
    const bases = flow.combinesWith.map((b) => service.flows.find((f) => f.name === b)!);
    const issueType = file.type("ValidationIssue", paths.runtime("errors.ts"));
    const resultType = file.type("ValidationResult", paths.runtime("validate.ts"));
    const validate = file.value(
      names.get("validator", request.name),
      paths.validators(service.name),
    );
    const withInspect = (expr: string) =>
      sensitive.has(request.name)
        ? `${file.value("withRedactedInspect", paths.runtime("inspect.ts"))}(${expr}, ${file.value(names.get("redactor", request.name), paths.redact(service.name))})`
        : expr;
    const docs = docText(flow);
    if (bases.length === 0) {
      const omit = new Set([
        ...flow.constants.map((c) => c.path),
        ...(flow.from?.copy.map((c) => c.target) ?? []),
      ]);
      const members = projection(
        file,
        service,
        names,
        types,
        request,
        "",
        new Set(flow.required.filter((p) => !omit.has(p))),
        omit,
      );
      const inputDocs = [
        `What a caller gives for the ${flow.title ?? flow.name} flow: the fields it requires are required here, the constants it fixes (${flow.constants.map((c) => `\`${c.path}\``).join(", ") || "none"}) are filled in by the builder${flow.from ? `, and the values copied from the ${flow.from.operation} response are taken from it` : ""}.`,
      ];
      if (members.length === 0) {
        // Nothing is left for the caller: an empty input that refuses any property.
        file.addTypeAlias({
          isExported: true,
          name: inputName(flow.name),
          docs: inputDocs,
          type: "Record<string, never>",
        });
      } else {
        file.addInterface({
          isExported: true,
          name: inputName(flow.name),
          docs: inputDocs,
          properties: members,
        });
      }
      emptyInputs.add(flow.name);
      if (members.some((m) => !m.hasQuestionToken)) emptyInputs.delete(flow.name);
      file.addFunction({
        isExported: true,
        name: names.get("flowValidator", flow.name),
        docs: [
          `Checks a request against the ${flow.title ?? flow.name} flow: its required-field table, its constants, and the request type itself.`,
        ],
        parameters: [{ name: "value", type: "unknown" }],
        returnType: `${resultType}<${requestType}>`,
        statements: [
          `const issues: ${issueType}[] = [];`,
          // A flow that requires, groups and fixes nothing has nothing for `checkFlow`: a bundle is spared it.
          ...(checksSomething(flow)
            ? [`${file.value("checkFlow", FLOW)}(value, ${specName(flow.name)}, issues);`]
            : []),
          `const typed = ${validate}(value);`,
          `if (!typed.ok) issues.push(...typed.issues);`,
          `return ${file.value("result", paths.runtime("validate.ts"))}(value as ${requestType}, issues);`,
        ],
      });
      const fromOp = flow.from ? ops.get(flow.from.operation) : undefined;
      // The source is an answer as a reader returned it: a request of the same shape is refused by the compiler.
      const fromType =
        fromOp?.protocol === "rest" && fromOp.responseType
          ? `${file.type("Received", paths.runtime("received.ts"))}<${file.type(names.get("type", fromOp.responseType), paths.types(service.name))}>`
          : undefined;
      const copies = flow.from?.copy ?? [];
      const copyLines =
        copies.length > 0
          ? [
              `${file.value("copyFromAnswer", FLOW)}(source, request, [${copies.map((c) => `[${stringLiteral(c.source)}, ${stringLiteral(c.target)}]`).join(", ")}], ${stringLiteral(flow.from!.operation)}, issues);`,
            ]
          : [];
      file.addFunction({
        isExported: true,
        name: builderName(flow),
        ...(docs ? { docs: [docWithLead(builderLead(flow), docs)] } : {}),
        parameters: [
          ...(fromType ? [{ name: "source", type: fromType }] : []),
          {
            name: "input",
            type: inputName(flow.name),
            ...(emptyInputs.has(flow.name) ? { initializer: "{}" } : {}),
          },
        ],
        returnType: builtType,
        statements: [
          `const request = ${file.value("applyFlows", FLOW)}(input, [${specName(flow.name)}]);`,
          `const issues: ${issueType}[] = [];`,
          ...copyLines,
          `const checked = ${names.get("flowValidator", flow.name)}(request);`,
          `if (!checked.ok) issues.push(...checked.issues);`,
          `if (!checked.ok || issues.length > 0) throw new ${file.value("ValidationError", paths.runtime("errors.ts"))}(issues);`,
          // The validator's own value: typed by the check that just passed, no cast.
          `return ${withInspect(stamped("checked.value"))};`,
        ],
      });
    } else {
      const mapName = names.get("flowBases", flow.name);
      file.addInterface({
        isExported: true,
        name: mapName,
        docs: [
          `The flows a ${flow.title ?? flow.name} request can build on, with the input each needs.`,
        ],
        properties: bases.map((b) => ({ name: propertyName(b.name), type: inputName(b.name) })),
      });
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        declarations: [
          {
            name: `${names.get("flowBasesTable", flow.name)}`,
            initializer: `{ ${bases.map((b) => `${propertyName(b.name)}: ${specName(b.name)}`).join(", ")} }`,
          },
        ],
      });
      file.addFunction({
        isExported: true,
        name: builderName(flow),
        docs: [
          docWithLead(
            `Builds a ${flow.title ?? flow.name} request on top of one of its base flows: the base flow's constants and this flow's (${flow.constants.map((c) => `\`${c.path}\` = ${constLiteral(c.value)}`).join(", ")}) are filled in. Throws \`ValidationError\` listing every problem.`,
            docs,
          ),
        ],
        typeParameters: [{ name: "F", constraint: `keyof ${mapName}` }],
        parameters: [
          { name: "base", type: "F" },
          { name: "input", type: `${mapName}[F]` },
        ],
        returnType: builtType,
        statements: [
          `const spec = ${names.get("flowBasesTable", flow.name)}[base];`,
          `const request = ${file.value("applyFlows", FLOW)}(input, [spec, ${specName(flow.name)}]);`,
          `const issues: ${issueType}[] = [];`,
          `${file.value("checkFlow", FLOW)}(request, spec, issues);`,
          `${file.value("checkFlow", FLOW)}(request, ${specName(flow.name)}, issues);`,
          `const typed = ${validate}(request);`,
          `if (!typed.ok) issues.push(...typed.issues);`,
          `if (!typed.ok || issues.length > 0) throw new ${file.value("ValidationError", paths.runtime("errors.ts"))}(issues);`,
          `return ${withInspect(stamped("typed.value"))};`,
        ],
      });
    }
  }
  return file.finish();

  /** `, supports: { cardTypes: wallet012CardTypeValues }`: the flow's documented value lists, as the enums' own value arrays. */
  function supportsProperty(flow: Flow): string[] {
    if (flow.supports.length === 0) return [];
    return [
      `supports: { ${flow.supports.map((x) => `${propertyName(x.label)}: ${enumValuesOf(file, service, names, x.enum)}`).join(", ")} }`,
    ];
  }

  /** The first sentence of a builder's doc: what it builds, a sample labelled as such, and the value lists the flow supports. */
  function builderLead(flow: Flow): string {
    const what = flow.sample
      ? `Builds a request from the document's sample (${flow.title ?? flow.name}): the sample's values are filled in where the caller gives none. They are the sample's values, not defaults of the service: check each against your own setup.`
      : flow.operation !== undefined
        ? `Builds a request of the ${flow.title ?? flow.name} flow with its documented constants filled in.`
        : `Builds a ${names.get("type", flow.type)} (${flow.title ?? flow.name}) with its documented constants filled in.`;
    const supports = flow.supports.map((x) => {
      const en = service.enums.find((e) => e.name === x.enum);
      const values = en ? en.values.map((v) => v.value).join(", ") : "";
      const link = declaresEnumType(service, x.enum)
        ? ` ({@link ${names.get("type", x.enum)}})`
        : "";
      return ` Supports ${x.label}: ${values}${link}.`;
    });
    return `${what}${supports.join("")} Throws \`ValidationError\` listing every problem.`;
  }
}

/**
 * The members of a flow input type: the request type's fields, with required
 * paths required (and the objects on their way), fixed paths left out, and
 * objects that hold either written out as nested type literals.
 */
/** Whether `checkFlow` has anything to check of the flow: a required field, an exactly-one group or a constant. */
function checksSomething(flow: Flow): boolean {
  return flow.required.length > 0 || flow.exactlyOne.length > 0 || flow.constants.length > 0;
}

function projection(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  types: ReadonlyMap<string, ObjectType>,
  type: ObjectType,
  prefix: string,
  required: ReadonlySet<string>,
  omit: ReadonlySet<string>,
): { name: string; type: string; hasQuestionToken: boolean }[] {
  const touched = (path: string, set: ReadonlySet<string>) =>
    [...set].some((p) => p.startsWith(`${path}.`));
  const out: { name: string; type: string; hasQuestionToken: boolean }[] = [];
  for (const f of type.allFields) {
    const path = `${prefix}${f.name}`;
    if (omit.has(path)) continue;
    const isRequired = required.has(path) || touched(path, required);
    const nested =
      f.type.kind === "object" && !f.list && !f.map ? types.get(f.type.name) : undefined;
    if (nested && nested.kind === "object" && (touched(path, required) || touched(path, omit))) {
      const members = projection(file, service, names, types, nested, `${path}.`, required, omit);
      // Everything inside is fixed by the flow: the caller gives nothing here.
      if (members.length === 0) continue;
      // Members separated by `; `, none after the last: prettier's own spelling of an object type on one line.
      const literal = `{ ${members.map((m) => `${m.name}${m.hasQuestionToken ? "?" : ""}: ${m.type}`).join("; ")} }`;
      out.push({ name: propertyName(f.name), type: literal, hasQuestionToken: !isRequired });
    } else {
      out.push({
        name: propertyName(f.name),
        type: fieldTypeExpression(file, service, names, f),
        hasQuestionToken: !isRequired,
      });
    }
  }
  return out;
}

/**
 * An object literal of these properties: on one line when its statement
 * (`head` then the literal and `;`) fits the print width, else one property a
 * line, which prettier keeps broken and the format stage lays out property by
 * property (see format/statement-layout.ts).
 */
function objectLiteral(head: string, properties: readonly string[]): string {
  const flat = `{ ${properties.join(", ")} }`;
  return `${head}${flat};`.length <= FORMAT_OPTIONS.printWidth!
    ? flat
    : `{\n${properties.map((p) => `${p},\n`).join("")}}`;
}
