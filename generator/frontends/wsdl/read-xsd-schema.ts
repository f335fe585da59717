import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import { childElements, type XmlElement } from "../xml/xml-tree.js";
import { readAttributeGroupDef, readGlobalAttribute } from "./read-xsd-attributes.js";
import { readComplexType, readGlobalElement, readGroupDef } from "./read-xsd-content-model.js";
import { readSimpleType } from "./read-xsd-simple-type.js";
import type { SchemaSetBuilder } from "./schema-set-builder.js";
import {
  blocksSubstitution,
  foreignElementMessage,
  XsdContext,
  type SchemaDocumentScope,
} from "./xsd-context.js";
import type { RedefinedComponent, SchemaDirective, SchemaDocument } from "./xsd-model.js";

/** The target namespace an `xs:schema` element declares, `""` when it declares none. */
export function declaredTargetNamespace(schema: XmlElement): string {
  return schema.attributes.get("targetNamespace")?.value ?? "";
}

/**
 * Reads one `xs:schema` element (a file's root, or a schema embedded in a
 * WSDL file): its top-level components go into `builder`, and the document
 * is returned with its imports and includes as written, for the loader to
 * follow. `includedInto` is the includer's namespace when a schema without a
 * target namespace is included (a "chameleon" include).
 */
export function readSchemaElement(
  schema: XmlElement,
  file: string,
  includedInto: string | undefined,
  builder: SchemaSetBuilder,
  diagnostics: Diagnostics,
): SchemaDocument {
  const own = schema.attributes.get("targetNamespace");
  if (own !== undefined && own.value === "")
    diagnostics.error(
      own.valueAt,
      'targetNamespace="" is not allowed; leave the attribute out for a schema without a namespace',
    );
  const chameleon = own === undefined && includedInto !== undefined && includedInto !== "";
  const bootstrap = new XsdContext(
    {
      file,
      targetNamespace: "",
      chameleon: false,
      elementFormDefault: "unqualified",
      attributeFormDefault: "unqualified",
    },
    diagnostics,
  );
  bootstrap.checkAttributes(schema, [
    "targetNamespace",
    "elementFormDefault",
    "attributeFormDefault",
    "blockDefault",
    "finalDefault",
    "version",
    "id",
  ]);
  let scope: SchemaDocumentScope = {
    file,
    targetNamespace: chameleon ? includedInto! : (own?.value ?? ""),
    chameleon,
    elementFormDefault: bootstrap.choice(
      schema,
      "elementFormDefault",
      ["qualified", "unqualified"],
      "unqualified",
    ),
    attributeFormDefault: bootstrap.choice(
      schema,
      "attributeFormDefault",
      ["qualified", "unqualified"],
      "unqualified",
    ),
  };
  const blockDefault = schema.attributes.get("blockDefault");
  if (blockDefault !== undefined && blocksSubstitution(blockDefault.value))
    scope = { ...scope, blocksSubstitution: true };
  const context = new XsdContext(scope, diagnostics);
  const { doc, children } = readSchemaChildren(schema, context);
  const directives: SchemaDirective[] = [];
  let seenComponent = false;
  for (const child of children) {
    if (
      context.is(child, "import") ||
      context.is(child, "include") ||
      context.is(child, "redefine")
    ) {
      if (seenComponent)
        context.warning(
          child.at,
          "misplaced-directive",
          `<${child.qname}> must come before the schema's components; it is followed all the same`,
        );
      const directive = readDirective(child, context);
      if (directive !== undefined) directives.push(directive);
      continue;
    }
    seenComponent = true;
    const component = context.is(child, "complexType")
      ? readComplexType(child, context, true)
      : context.is(child, "simpleType")
        ? readSimpleType(child, context, true)
        : context.is(child, "element")
          ? readGlobalElement(child, context)
          : context.is(child, "attribute")
            ? readGlobalAttribute(child, context)
            : context.is(child, "group")
              ? readGroupDef(child, context)
              : context.is(child, "attributeGroup")
                ? readAttributeGroupDef(child, context)
                : (context.unexpected(child, schema), undefined);
    if (component !== undefined) builder.add(component);
  }
  const document: SchemaDocument = {
    file,
    at: schema.at,
    targetNamespace: scope.targetNamespace,
    chameleon,
    elementFormDefault: scope.elementFormDefault,
    attributeFormDefault: scope.attributeFormDefault,
    directives,
    ...(doc === undefined ? {} : { doc }),
  };
  return document;
}

/**
 * The children of `xs:schema`, where annotations may appear anywhere (not
 * only first): their documentation is joined into the schema's, and they are
 * left in the list where they stand.
 */
function readSchemaChildren(
  schema: XmlElement,
  context: XsdContext,
): { doc?: string; children: XmlElement[] } {
  const children: XmlElement[] = [];
  let doc: string | undefined;
  context.passOverText(schema);
  for (const child of childElements(schema)) {
    if (context.is(child, "annotation")) {
      const text = context.annotation(child);
      if (text !== undefined) doc = doc === undefined ? text : `${doc}\n\n${text}`;
    } else if (child.name.namespace !== schema.name.namespace) {
      context.warning(child.at, "unknown-element", foreignElementMessage(child));
    } else {
      children.push(child);
    }
  }
  return doc === undefined ? { children } : { doc, children };
}

/** An `xs:import`, `xs:include` or `xs:redefine` (with the components it redefines), as written. */
function readDirective(element: XmlElement, context: XsdContext): SchemaDirective | undefined {
  const isImport = context.is(element, "import");
  const isRedefine = context.is(element, "redefine");
  context.checkAttributes(
    element,
    isImport ? ["namespace", "schemaLocation", "id"] : ["schemaLocation", "id"],
  );
  const { children } = context.content(element);
  const redefinitions: RedefinedComponent[] = [];
  for (const child of children) {
    if (!isRedefine || !REDEFINABLE.some((local) => context.is(child, local))) {
      context.unexpected(child, element);
      continue;
    }
    const component = readRedefinition(child, context);
    if (component?.name !== undefined) redefinitions.push(component);
  }
  const namespace = isImport ? context.attribute(element, "namespace") : undefined;
  const schemaLocation = context.token(element, "schemaLocation");
  if (isImport && (namespace?.value ?? "") === context.scope.targetNamespace) {
    context.error(
      element.at,
      namespace === undefined
        ? "an import without namespace= imports the schemas without a namespace, which this schema is; use xs:include"
        : "a schema cannot import its own target namespace; use xs:include",
    );
    return undefined;
  }
  if (!isImport && schemaLocation === undefined) {
    context.error(element.at, `<${element.qname}> needs schemaLocation=`);
    return undefined;
  }
  return {
    kind: isImport ? "import" : isRedefine ? "redefine" : "include",
    at: element.at,
    ...(namespace === undefined ? {} : { namespace: namespace.value }),
    ...(schemaLocation === undefined ? {} : { schemaLocation }),
    ...(isRedefine ? { redefinitions } : {}),
  };
}

/** The XSD elements an `xs:redefine` may hold (besides annotations). */
const REDEFINABLE = ["simpleType", "complexType", "group", "attributeGroup"] as const;

/** A component of an `xs:redefine` (one of {@link REDEFINABLE}); undefined when it cannot be read (reported). */
function readRedefinition(child: XmlElement, context: XsdContext): RedefinedComponent | undefined {
  if (context.is(child, "simpleType")) return readSimpleType(child, context, true);
  if (context.is(child, "complexType")) return readComplexType(child, context, true);
  if (context.is(child, "group")) return readGroupDef(child, context);
  return readAttributeGroupDef(child, context);
}
