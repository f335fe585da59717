import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import { SchemaMapper } from "./schema-mapper.js";
import type { WsdlDefinitions } from "./wsdl-model.js";

/**
 * What the mapping of one `wsdl:service` onto the description shares: the
 * definitions it reads, the schema mapper that makes the service's types and
 * enums (in the order made: the description's order), and where its problems
 * go. Every step of the service and operation mapping takes it explicitly;
 * nothing else is shared.
 */
export interface WsdlDescribeContext {
  /** The WSDL as read: messages, port types, bindings, services and schemas. */
  readonly defs: WsdlDefinitions;
  /** The service's types and enums, made on demand; its `home` is the service's body namespace. */
  readonly schemas: SchemaMapper;
  /** What the description cannot say: an error. */
  readonly refuse: (at: Position, message: string) => void;
  /** What the description can say only approximately: a warning of kind `kind`, listed in the package README. */
  readonly approximate: (at: Position, kind: string, message: string) => void;
}

/** A fresh context for a service of `defs` whose operation elements are in `home`, its problems going to `d`. */
export function wsdlDescribeContext(
  defs: WsdlDefinitions,
  d: Diagnostics,
  home: string,
): WsdlDescribeContext {
  return {
    defs,
    schemas: new SchemaMapper(defs.schemas, d, home),
    refuse: (at, message) => d.error(at, message),
    approximate: (at, kind, message) => d.warning(at, kind, message),
  };
}
