import type { Field, PathParam, Service } from "./ir.js";
import type { ParameterLocation } from "./infer-sensitive.js";

/** One path, query, header or cookie parameter of a REST operation. */
export interface RestParameter {
  /** The operation's name. */
  readonly operation: string;
  readonly location: ParameterLocation;
  readonly parameter: Field | PathParam;
}

/** Every parameter of a service's REST operations: by operation, then path, query, header and cookie, in the contract's order. */
export function restParameters(s: Service): RestParameter[] {
  return s.operations.flatMap((op) => {
    if (op.protocol !== "rest") return [];
    const at = (location: ParameterLocation, list: readonly (Field | PathParam)[] = []) =>
      list.map((parameter) => ({ operation: op.name, location, parameter }));
    return [
      ...at("path", op.params),
      ...at("query", op.query),
      ...at("header", op.headers),
      ...at("cookie", op.cookies),
    ];
  });
}
