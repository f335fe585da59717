import { facetOf } from "../facets/registry.js";
import type { FacetUse, Field, ObjectType, Service } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { answerDescribedTypes, describedTypes, emitDescription } from "./emit-descriptions.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";

const VALIDATE = paths.runtime("validate.ts");
const VALIDATE_DESCRIPTION = paths.runtime("validate-description.ts");

/** One facet of a field: its key in the registry and its value. */

/**
 * `<service>/validators.ts`: a validator for every type a caller sends.
 * Each reports every problem with a path, a code and a message that names
 * the field and never its value. A validator hands the type's description
 * (imported from descriptions.ts, or declared in answer-validators.ts when
 * only a server walks it) to the runtime's generic validator.
 */
export function emitValidators(ctx: EmitContext): GeneratedFile {
  return emitValidatorsOf(ctx, paths.validators(ctx.service.name), "sent");
}

/**
 * `<service>/answer-validators.ts`, for the server entry only: a validator
 * for every type a caller receives, so a server never sends an answer that
 * breaks the contract.
 */
export function emitAnswerValidators(ctx: EmitContext): GeneratedFile {
  return emitValidatorsOf(ctx, paths.answerValidators(ctx.service.name), "received");
}

function emitValidatorsOf(
  ctx: EmitContext,
  path: string,
  side: "sent" | "received",
): GeneratedFile {
  const { service, names } = ctx;
  const file = serviceFile(ctx, path);
  const types =
    side === "received" ? answerCheckedTypes(service) : service.types.filter((t) => t.facts.sent);
  // A description is declared once: in descriptions.ts, or here when only the answer validators walk it.
  const shared = new Set(describedTypes(service).map((t) => t.name));
  for (const type of types) emitValidator(file, service, names, type, side, shared);
  if (side === "received") {
    // A server-only type of a structure descriptions.ts (or this file) already describes names that description.
    const written = new Map<string, string>();
    const described = file.draft();
    for (const type of describedTypes(service))
      emitDescription(described, service, names, type, new Set(), written);
    for (const type of answerDescribedTypes(service, types))
      emitDescription(file, service, names, type, shared, written);
  }
  return file.finish();
}

/**
 * The types `answer-validators.ts` has a validator of (none: the file is not
 * written). A server imports the validator of a type callers also send from
 * validators.ts (see `validatorModule`).
 */
export function answerCheckedTypes(service: Service): readonly ObjectType[] {
  return service.types.filter((t) => t.facts.received && !t.facts.sent);
}

/** The exported `validate<Type>`: every problem of a value, through the type's description. */
function emitValidator(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  type: ObjectType,
  side: "sent" | "received",
  shared: ReadonlySet<string>,
): void {
  const description = names.get("description", type.name);
  const typeName = file.type(names.get("type", type.name), paths.types(service.name));
  const resultType = file.type("ValidationResult", VALIDATE);
  file.addFunction({
    isExported: true,
    name: names.get("validator", type.name),
    docs: [
      `Checks {@link ${typeName}} values before they are ${side === "sent" ? "sent" : "answered"}: every problem, each with a path, a code and a message that never contains the value.`,
    ],
    parameters: [{ name: "value", type: "unknown" }],
    returnType: `${resultType}<${typeName}>`,
    statements: [
      `return ${file.value("validateDescribed", VALIDATE_DESCRIPTION)}(value, ${shared.has(type.name) ? file.value(description, paths.descriptions(service.name)) : description});`,
    ],
  });
}

/**
 * The checks of a field's facets, each ` && check(value, argument, path, issues)`,
 * run once the value has the field's type.
 */
export function facetChecks(file: TsFile, f: Pick<Field, "facets">, v: string, p: string): string {
  return f.facets.map((use) => ` && ${facetCall(file, use, v, p)}`).join("");
}

/** One facet's check of `v` at path `p`: `check(v, argument, p, issues)`. */
function facetCall(file: TsFile, use: FacetUse, v: string, p: string): string {
  const { check, argument } = facetOfUse(file, use);
  return `${check}(${v}, ${argument}, ${p}, issues)`;
}

/** A facet's runtime check (imported) and its argument as a literal. */
function facetOfUse(
  file: TsFile,
  use: FacetUse,
): { readonly check: string; readonly argument: string } {
  const facet = facetOf(use.key);
  if (!facet) throw new Error(`unknown facet ${use.key}`);
  return {
    check: file.value(facet.runtimeCheck, VALIDATE),
    argument: typeof use.value === "number" ? String(use.value) : stringLiteral(use.value),
  };
}
