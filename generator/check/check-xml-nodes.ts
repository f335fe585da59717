import type { Diagnostics } from "../diagnostics/diagnostic.js";
import type {
  FieldDescription,
  ServiceDescription,
  TypeDescription,
} from "../description/description.js";

/**
 * Checks how fields are carried in XML and where null is allowed:
 * - `xml: attribute` and `xml: text` are for SOAP services, and hold one
 *   scalar or enum value (no object, list or map), never null;
 * - a type has at most one text field, base types included, and a type with
 *   a text field (simple content) has no child elements (unless it is mixed)
 *   and is no choice;
 * - a nullable field has no const and is no map.
 */
export function checkXmlNodes(
  s: ServiceDescription,
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): void {
  for (const t of s.types) {
    for (const f of t.fields) checkFieldNode(f, s, types, d);
    const all = allFields(t, types);
    const texts = all.filter((f) => f.xml?.node === "text");
    if (texts.length === 0) continue;
    const own = texts.filter((f) => t.fields.includes(f));
    for (const f of own) {
      if (texts[0] !== f)
        d.error(
          f.xml!.at,
          `"${t.name}" already has a text field ("${texts[0]!.name}"): an element has one text`,
        );
      if (t.kind === "choice")
        d.error(
          f.xml!.at,
          `the choice "${t.name}" cannot have a text field: a choice is one of several child elements`,
        );
    }
    const element = all.find((f) => f.xml === undefined);
    // Mixed content holds text beside its elements.
    if (element && !t.mixed && (own.length > 0 || t.fields.includes(element))) {
      d.error(
        element.at,
        `"${t.name}" has a text field ("${texts[0]!.name}") and so no child elements: make "${element.name}" an attribute, or the text an element`,
      );
    }
  }
}

function checkFieldNode(
  f: FieldDescription,
  s: ServiceDescription,
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): void {
  if (f.nullable && f.const) d.error(f.nullable.at, `"${f.name}" has a const and cannot be null`);
  if (f.nullable && f.map)
    d.error(f.nullable.at, `the map "${f.name}" cannot be null; leave it out instead`);
  if (f.namespace !== undefined && s.protocol !== "soap")
    d.error(f.at, `"${f.name}" has an XML namespace, and a JSON property has none`);
  const xml = f.xml;
  if (!xml) return;
  if (s.protocol !== "soap") {
    d.error(
      xml.at,
      `"xml: ${xml.node}" is for XML: a JSON property is neither an attribute nor text`,
    );
    return;
  }
  const what = xml.node === "attribute" ? "an attribute" : "the text of an element";
  if (types.has(f.type.name))
    d.error(
      xml.at,
      `"${f.name}" is ${what} and so holds a scalar or enum value, not the object "${f.type.name}"`,
    );
  if (f.list) d.error(xml.at, `"${f.name}" is ${what} and so holds one value, not a list`);
  if (f.nullable)
    d.error(xml.at, `"${f.name}" is ${what} and cannot be nil: only an element can (xsi:nil)`);
}

/** Base fields first, then the type's own; a cycle stops (it is reported elsewhere). */
function allFields(
  t: TypeDescription,
  types: ReadonlyMap<string, TypeDescription>,
  depth = 0,
): FieldDescription[] {
  const base = t.extends && depth < 64 ? types.get(t.extends.name) : undefined;
  return [...(base && base !== t ? allFields(base, types, depth + 1) : []), ...t.fields];
}
