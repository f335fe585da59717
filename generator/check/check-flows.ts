import type { Diagnostics, Position } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/did-you-mean.js";
import type { EnumDescription, FieldDescription, ServiceDescription, TypeDescription } from "../description/description.js";
import { checkPathValue, requestField } from "./check-path-value.js";
import { resolvePath } from "./resolve-path.js";

/** Flows name an operation, paths into its request body, and constants that fit. */
export function checkFlows(service: ServiceDescription, types: ReadonlyMap<string, TypeDescription>, enums: ReadonlyMap<string, EnumDescription>, d: Diagnostics): void {
  const ops = new Map(service.operations.map((o) => [o.name, o]));
  const flowNames = new Set(service.flows.map((f) => f.name));
  for (const flow of service.flows) {
    const op = ops.get(flow.operation.name);
    if (!op) {
      d.error(flow.operation.at, `unknown operation "${flow.operation.name}"${didYouMean(flow.operation.name, ops.keys())}`);
      continue;
    }
    const request = op.requestType ? types.get(op.requestType.name) : undefined;
    if (!request) {
      d.error(flow.operation.at, `operation "${flow.operation.name}" has no request body for the flow to fill`);
      continue;
    }
    const check = (path: string, at: Position): FieldDescription | undefined => requestField(request, path, at, types, d);
    for (const r of flow.required) check(r.path, r.at);
    for (const group of flow.exactlyOne) for (const path of group.paths) check(path, group.at);
    for (const c of [...flow.constants, ...flow.defaults]) checkPathValue(request, c, types, enums, d);
    if (flow.from) {
      const source = ops.get(flow.from.operation.name);
      const response = source?.responseType ? types.get(source.responseType.name) : undefined;
      if (!source) d.error(flow.from.operation.at, `unknown operation "${flow.from.operation.name}"${didYouMean(flow.from.operation.name, ops.keys())}`);
      else if (!response) d.error(flow.from.operation.at, `operation "${flow.from.operation.name}" has no response body to copy from`);
      for (const c of flow.from.copy) {
        check(c.target, c.at);
        if (response) {
          const found = resolvePath(response, c.source.split("."), types);
          if (typeof found === "string") d.error(c.at, `"${c.source}" is not a field of ${response.name}: ${found}`);
        }
      }
    }
    for (const other of flow.combinesWith) {
      if (!flowNames.has(other.name)) d.error(other.at, `unknown flow "${other.name}"${didYouMean(other.name, flowNames)}`);
      else if (other.name === flow.name) d.error(other.at, `flow "${flow.name}" cannot combine with itself`);
    }
  }
}
