import type { Position } from "../../diagnostics/diagnostic.js";
import type { Note } from "../../model/vocabulary.js";
import { bodyElementType } from "./body-element-type.js";
import type { WsdlDescribeContext } from "./describe-wsdl-context.js";
import type { ElementDecl, LocalElement } from "./xsd-model.js";

/**
 * The result of an operation: the response element's type (document/literal
 * bare, with the note that says so), or the type of its one result element
 * (wrapped); `element` absent when bare.
 */
export interface OperationResult {
  readonly type: string;
  readonly at: Position;
  readonly element?: string;
  readonly optional: boolean;
  readonly note?: Note;
}

/**
 * The result of a response element. Wrapped (the response holds exactly one
 * element, once, of a complex type, and no attribute): that element's type.
 * Otherwise the response element itself is the result (document/literal
 * bare), with a note: it must then be of a complex type.
 */
export function describeOperationResult(
  ctx: WsdlDescribeContext,
  operation: string,
  response: ElementDecl,
): OperationResult | undefined {
  const child = wrappedResultElement(ctx, response);
  if (child) {
    let type: string | undefined;
    if (child.type?.kind === "complexType") {
      type = ctx.schemas.claim(`${operation}Result`);
      ctx.schemas.describeComplex(child.type, type, { kind: "response", operation });
    } else if (child.type?.kind === "typeRef") type = ctx.schemas.namedComplex(child.type.name);
    return type === undefined
      ? undefined
      : { type, at: child.at, element: child.name.local, optional: child.occurs.min === 0 };
  }
  const type = bodyElementType(ctx, response, operation, "response");
  if (type === undefined) return undefined;
  return {
    type,
    at: response.at,
    optional: false,
    note: {
      kind: "interpretation",
      text: `Document/literal bare: the response element ${response.name.local} is the result itself (it does not wrap exactly one result element of a complex type).`,
    },
  };
}

/**
 * The one result element a response element wraps: the only particle of its
 * complex type's sequence (neither repeated), of a complex type, with no
 * attribute beside it. Undefined when the response does not wrap one.
 */
function wrappedResultElement(
  ctx: WsdlDescribeContext,
  response: ElementDecl,
): LocalElement | undefined {
  const complexTypes = (namespace: string) =>
    ctx.defs.schemas.namespaces.get(namespace)?.complexTypes;
  const rt = response.type;
  const ct =
    rt?.kind === "complexType"
      ? rt
      : rt?.kind === "typeRef"
        ? complexTypes(rt.name.namespace)?.get(rt.name.local)
        : undefined;
  const seq =
    ct && ct.content.kind === "elements" && !ct.content.derivation && !ct.mixed
      ? ct.content.particle
      : undefined;
  const only =
    seq?.kind === "sequence" &&
    seq.occurs.max === 1 &&
    seq.particles.length === 1 &&
    seq.particles[0]!.kind === "element"
      ? (seq.particles[0] as LocalElement)
      : undefined;
  const child =
    only && only.occurs.max === 1 && ct!.attributes.length === 0 && !ct!.anyAttribute
      ? only
      : undefined;
  const complexChild =
    child?.type?.kind === "complexType" ||
    (child?.type?.kind === "typeRef" &&
      complexTypes(child.type.name.namespace)?.has(child.type.name.local) === true);
  return complexChild ? child : undefined;
}
