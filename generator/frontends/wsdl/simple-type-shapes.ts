import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type { EnumDescription } from "../../description/description.js";
import { wholeValuePattern } from "../../facets/pattern.js";
import { FACETS } from "../../facets/registry.js";
import type { Note, ScalarName } from "../../model/vocabulary.js";
import { XSD_NAMESPACE } from "./namespaces.js";
import { qkey } from "./qname-key.js";
import type { FacetUse } from "./sort-facets.js";
import { builtinScalarOf } from "./xsd-builtins.js";
import type { QName, SchemaSet, SimpleType, TypeRef, XsdValueFacetName } from "./xsd-model.js";

/** A simple type as the description sees it: a scalar with facets, or an enum. */
export type SimpleShape =
  | {
      readonly kind: "scalar";
      readonly scalar: ScalarName;
      readonly facets: readonly FacetUse[];
      readonly notes: readonly Note[];
    }
  | { readonly kind: "enum"; readonly name: string };

/** What describing simple types needs of the mapping: the schemas, where problems go, names, and where enums go. */
export interface SimpleTypeContext {
  readonly set: SchemaSet;
  readonly d: Diagnostics;
  readonly enums: EnumDescription[];
  claim(base: string): string;
  approximate(at: Position, kind: string, message: string): void;
}

/**
 * Simple types as the description sees them, each named one made once: a
 * built-in type's scalar, a restriction's facets narrowing its base's
 * scalar, enumerations as an enum; xs:list and xs:union as their text. A
 * class because its steps call each other (a simple type derives from
 * simple types), as the schema mapper's methods did.
 */
export class SimpleTypeShapes {
  private readonly simpleShapes = new Map<string, SimpleShape | null>();
  private readonly set: SchemaSet;
  private readonly d: Diagnostics;
  private readonly enums: EnumDescription[];
  private readonly claim: (base: string) => string;
  private readonly approximate: (at: Position, kind: string, message: string) => void;

  constructor(mapping: SimpleTypeContext) {
    this.set = mapping.set;
    this.d = mapping.d;
    this.enums = mapping.enums;
    this.claim = (base) => mapping.claim(base);
    this.approximate = (at, kind, message) => mapping.approximate(at, kind, message);
  }

  /** A named or built-in simple type by reference. */
  simpleRef(t: TypeRef): SimpleShape | undefined {
    const builtin = builtinShape(t.name, t.at, this.d);
    if (builtin !== "not-builtin") return builtin;
    return this.simpleNamed(t.name, t.at);
  }

  /** A named simple type, described once (a cycle reads as a problem). */
  simpleNamed(name: QName, at: Position): SimpleShape | undefined {
    const key = qkey(name);
    if (this.simpleShapes.has(key)) return this.simpleShapes.get(key) ?? undefined;
    const st = this.set.namespaces.get(name.namespace)?.simpleTypes.get(name.local);
    if (!st) {
      this.d.error(at, `the simple type ${name.local} is not defined`);
      return undefined;
    }
    this.simpleShapes.set(key, null); // a cycle reads as a problem, not a loop
    const shape = this.simpleShape(st, name.local);
    this.simpleShapes.set(key, shape ?? null);
    return shape;
  }

  /** A simple type's shape: enumerations make an enum (named `enumName`), facets narrow the base's scalar. */
  simpleShape(st: SimpleType, enumName: string): SimpleShape | undefined {
    const c = st.content;
    if (c.kind !== "restriction") {
      this.approximate(
        c.at,
        c.kind === "list" ? "list-type" : "several-types",
        c.kind === "list"
          ? "an xs:list is read as its text, one string: its items are not checked"
          : "an xs:union is read as its text, one string: its member types are not checked",
      );
      const what =
        c.kind === "list"
          ? "An xs:list (items separated by white space)"
          : "An xs:union (a value of any of its member types)";
      return textShape(
        `${what} in the contract: its text as one string here, not checked further.`,
      );
    }
    const base =
      c.base.kind === "typeRef"
        ? this.simpleRef(c.base)
        : this.simpleShape(c.base, `${enumName}Base`);
    if (!base) return undefined;
    const f = c.facets;
    if (f.enumerations.length > 0) {
      const name = this.claim(enumName);
      const seen = new Set<string>();
      const values = f.enumerations.filter((v) => !seen.has(v.value) && (seen.add(v.value), true));
      this.enums.push({
        name,
        at: st.at,
        values: values.map((v) => ({
          value: v.value,
          at: v.at,
          ...(v.doc !== undefined ? { doc: v.doc } : {}),
          notes: [],
        })),
        ...(st.doc !== undefined ? { doc: st.doc } : {}),
        notes:
          base.kind === "scalar" && base.scalar !== "string"
            ? [
                {
                  kind: "info",
                  text: `Values of the XML Schema type that is restricted here (${base.scalar}), written as text.`,
                },
              ]
            : [],
      });
      return { kind: "enum", name };
    }
    if (base.kind === "enum") return base;
    const facets = new Map<string, FacetUse>(base.facets.map((x) => [x.key, x]));
    const put = (key: string, value: number | string, at: Position) =>
      facets.set(key, { key, value, at });
    const notes: Note[] = [...base.notes];
    // Each facet from the XML Schema facets that set it (`length` sets minLength and maxLength); patterns below.
    // One that does not apply to the scalar the base is held as (a bound on an xs:duration, a string) is not checked.
    for (const facet of FACETS) {
      if (facet.valueKind === "text") continue;
      for (const name of facet.xsdFacets) {
        const written = f[name as XsdValueFacetName];
        if (!written) continue;
        if (facet.appliesTo.includes(base.scalar)) {
          put(facet.key, written.value, written.at);
          continue;
        }
        this.approximate(
          written.at,
          "facet-not-applied",
          `${name} ${written.value} is not checked: the value is held as a ${base.scalar}, which ${facet.key} does not apply to`,
        );
        notes.push({
          kind: "interpretation",
          text: `${name} ${written.value} in the contract: not checked here (the value is held as a ${base.scalar}).`,
        });
      }
    }
    if (
      f.whiteSpace &&
      f.whiteSpace.value !== (base.scalar === "string" ? "preserve" : "collapse")
    ) {
      this.approximate(
        f.whiteSpace.at,
        "white-space",
        `whiteSpace "${f.whiteSpace.value}" is not applied: the value is read and written as it is`,
      );
      notes.push({
        kind: "interpretation",
        text: `whiteSpace "${f.whiteSpace.value}" in the contract: the value is read and written as it is, not normalized.`,
      });
    }
    // Patterns of one restriction: a value matches any of them (one pattern of their alternatives).
    const pattern =
      f.patterns.length > 1
        ? { value: f.patterns.map((p) => `(${p.value})`).join("|"), at: f.patterns[0]!.at }
        : f.patterns[0];
    if (pattern) {
      const inherited = facets.get("pattern");
      // XML Schema patterns match the whole value; a value of a restriction matches its base's pattern too,
      // so the two are one pattern: the base's as a lookahead, then this restriction's.
      const own = wholeValuePattern(pattern.value);
      const both =
        inherited && inherited.value !== own
          ? `^(?=${String(inherited.value).slice(1)})${own.slice(1)}`
          : own;
      put("pattern", both, pattern.at);
    }
    return { kind: "scalar", scalar: base.scalar, facets: [...facets.values()], notes };
  }
}

/**
 * A built-in type's shape, or "not-builtin". One without a scalar (`time`,
 * `hexBinary`, `QName`, `gYear`, `NMTOKENS`...) is its text, one string, as
 * written, with a warning: its lexical form is not checked (nor, for a
 * QName, which namespace its prefix stands for). `xs:NOTATION` is abstract:
 * a problem.
 */
function builtinShape(
  name: QName,
  at: Position,
  d: Diagnostics,
): SimpleShape | undefined | "not-builtin" {
  if (name.namespace !== XSD_NAMESPACE) return "not-builtin";
  const b = builtinScalarOf(name.local);
  if (!b && name.local === "NOTATION") {
    d.error(
      at,
      "xs:NOTATION is abstract: only a restriction of it that lists its notations types a value",
    );
    return undefined;
  }
  if (!b) {
    d.warning(
      at,
      "no-scalar",
      `xs:${name.local} has no scalar: it is read as its text, one string, and its form is not checked${name.local === "QName" ? " (nor which namespace its prefix stands for)" : ""}`,
    );
    return textShape(
      `xs:${name.local} in the contract: read and written as its text, one string, as it is.`,
    );
  }
  const facets: FacetUse[] = [];
  if (b.pattern !== undefined) facets.push({ key: "pattern", value: b.pattern, at });
  if (b.integer) facets.push({ key: "fractionDigits", value: 0, at });
  if (b.min !== undefined) facets.push({ key: "minimum", value: b.min, at });
  if (b.max !== undefined) facets.push({ key: "maximum", value: b.max, at });
  const notes: Note[] =
    b.integer || b.min !== undefined || b.max !== undefined || b.pattern !== undefined || b.note
      ? [{ kind: "info", text: `xs:${name.local} in the contract.${b.note ? ` ${b.note}` : ""}` }]
      : [];
  return { kind: "scalar", scalar: b.scalar, facets, notes };
}

/** A value paygen reads as its text, one unchecked string, with the note that says why. */
function textShape(interpretation: string): SimpleShape {
  return {
    kind: "scalar",
    scalar: "string",
    facets: [],
    notes: [{ kind: "interpretation", text: interpretation }],
  };
}
