import type { TypeOrigin } from "../../model/vocabulary.js";
import { anyContentType } from "./any-content-type.js";
import { describeElementType } from "./describe-element-field.js";
import { identityNotes } from "./identity-notes.js";
import { qkey } from "./qname-key.js";
import type { XsdMapping } from "./xsd-mapping.js";
import type { ElementDecl } from "./xsd-model.js";

/** Every named complex type, in document order. */
export function describeAllNamed(ctx: XsdMapping): void {
  for (const ns of ctx.set.namespaces.values()) {
    for (const ct of ns.complexTypes.values()) ctx.namedComplex(ct.name!);
    for (const st of ns.simpleTypes.values()) ctx.simple.simpleNamed(st.name!, st.at);
  }
}

/** Global elements whose types are defined in place: each becomes a type named after the element. */
export function describeElements(ctx: XsdMapping): Map<string, string> {
  const names = new Map<string, string>();
  for (const ns of ctx.set.namespaces.values()) {
    for (const e of ns.elements.values()) {
      const t = e.type;
      if (t?.kind === "complexType")
        names.set(qkey(e.name), elementType(ctx, e, e.name.local, { kind: "declared" })!);
    }
  }
  return names;
}

/** The object type of a global element: its named type, or its type in place described once under `name`. */
export function elementType(
  ctx: XsdMapping,
  e: ElementDecl,
  name: string,
  origin: TypeOrigin,
): string | undefined {
  const key = qkey(e.name);
  const known = ctx.elementTypes.get(key);
  if (known !== undefined) return known;
  const t = e.type;
  let result: string | undefined;
  if (t?.kind === "complexType") {
    const claimed = ctx.claim(name);
    describeElementType(ctx, key, claimed, () => ctx.describeComplex(t, claimed, origin));
    result = claimed;
    ctx.typeNotes.get(claimed)?.push(...identityNotes(ctx, e));
  } else if (t?.kind === "typeRef") result = ctx.namedComplex(t.name);
  else if (t === undefined) result = anyContentType(ctx, e.at, name, origin);
  if (result !== undefined) ctx.elementTypes.set(key, result);
  return result;
}
