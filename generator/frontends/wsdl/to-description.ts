import type { Diagnostic, Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type { ServiceDescription } from "../../description/description.js";
import { describeApproximated } from "../approximations.js";
import { describeWsdlService } from "./describe-wsdl-service.js";
import { describeXmlDocuments } from "./describe-xml-documents.js";
import { SchemaMapper } from "./schema-mapper.js";
import { serviceNameOf } from "./service-name.js";
import { servicesToGenerate } from "./services-to-generate.js";
import type { WsdlDefinitions } from "./wsdl-model.js";
import type { SchemaSet } from "./xsd-model.js";

/**
 * Maps what the WSDL and XSD readers built (a `WsdlDefinitions`, a
 * `SchemaSet`) onto the description every front end produces. What the
 * description cannot say yet is a positioned problem, never dropped; what
 * it says in its own way (a choice among other elements, a repeated
 * choice, `xs:all`, nillable elements) is written as a note on the type
 * or field, so the generated documentation states the reading. A WSDL's
 * services are mapped by `describe-wsdl-service.ts` and the steps it
 * names, each over one `WsdlDescribeContext`; the schemas by `SchemaMapper`.
 */

/**
 * One service per `wsdl:service` (per bound port type when the WSDL defines
 * no service, see `servicesToGenerate`): document/literal operations of its
 * SOAP 1.1 port (else its SOAP 1.2 port). Each service's warnings are its
 * approximations (a schema's, once per service that holds its types; the
 * reader's, `readWarnings`, in every service).
 */
export function wsdlToDescription(
  defs: WsdlDefinitions,
  d: Diagnostics,
  locate?: (at: Position) => string | undefined,
  readWarnings: readonly Diagnostic[] = [],
): ServiceDescription[] {
  const { services, synthesized } = servicesToGenerate(defs);
  if (services.length === 0)
    d.error(
      defs.at,
      "the WSDL defines no wsdl:service and no SOAP binding: there is nothing to call",
    );
  return services.flatMap(
    (service) =>
      describeApproximated(
        d,
        defs.at.file,
        (own) => {
          if (synthesized)
            own.warning(
              service.at,
              "no-service",
              `the WSDL defines no wsdl:service: the port type "${service.name.local}" is generated as a service by its SOAP binding${service.ports.length > 1 ? "s" : ""} (${service.ports.map((p) => `"${p.name}"`).join(", ")}), with no default endpoint (the client's endpoint option is required)`,
            );
          return describeWsdlService(defs, service, own);
        },
        readWarnings,
        locate,
      ) ?? [],
  );
}

/** An XSD file (or set) as a service of types and enums, with no operations. */
export function schemaSetToDescription(
  set: SchemaSet,
  serviceName: string,
  at: Position,
  d: Diagnostics,
): ServiceDescription {
  const home = set.documents[0]?.targetNamespace ?? "";
  const m = new SchemaMapper(set, d, home);
  m.describeAllNamed();
  m.describeElements();
  const { documents, simple } = describeXmlDocuments(set, m);
  m.settleWireLimits([]);
  const doc = set.documents[0]?.doc;
  return {
    name: serviceNameOf(serviceName),
    at,
    title: serviceName,
    ...(doc !== undefined ? { doc } : {}),
    notes: [
      {
        kind: "info",
        text: `The types and enums of the XML schema ${serviceName}${home ? ` (namespace ${home})` : ""}; a schema names no operation.`,
      },
      {
        kind: "info",
        text: `Global elements of a complex type (${documents.length}) are documents read and written whole (parse<Element>Document, build<Element>Document)${simple > 0 ? `; the others (${simple}: of a simple or abstract type, or holding what the wire code cannot write yet) have no document functions` : ""}.`,
      },
    ],
    protocol: "soap",
    soap: { namespacePlaceholder: "namespace", version: "", ...(home ? { namespace: home } : {}) },
    types: m.types,
    enums: m.enums,
    operations: [],
    flows: [],
    events: [],
    gaps: [],
    ...(documents.length > 0 ? { documents } : {}),
  };
}
