import type { Diagnostics } from "../diagnostics/diagnostic.js";
import type {
  EnumDescription,
  ServiceDescription,
  TypeDescription,
} from "../description/description.js";
import { checkPathValue } from "./check-path-value.js";

/** An operation's request constants name fields of its request body, with values that fit; an operation without a body has none. */
export function checkRequestConstants(
  service: ServiceDescription,
  types: ReadonlyMap<string, TypeDescription>,
  enums: ReadonlyMap<string, EnumDescription>,
  d: Diagnostics,
): void {
  for (const op of service.operations) {
    if (op.protocol !== "rest" || !op.requestConstants || op.requestConstants.length === 0)
      continue;
    const request = op.requestType ? types.get(op.requestType.name) : undefined;
    if (!request) {
      d.error(
        op.requestConstants[0]!.at,
        `operation "${op.name}" has no request body for its constants`,
      );
      continue;
    }
    for (const c of op.requestConstants) checkPathValue(request, c, types, enums, d);
  }
}
