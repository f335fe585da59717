import type { Diagnostics, Position } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/did-you-mean.js";
import type {
  EnumDescription,
  FieldDescription,
  FlowDescription,
  OperationDescription,
  ServiceDescription,
  TypeDescription,
} from "../description/description.js";
import { checkPathValue, requestField } from "./check-path-value.js";
import { resolvePath } from "./resolve-path.js";

/** The type a flow builds: its operation's request body, or its own type; a positioned error and nothing when there is none. */
function builtType(
  flow: FlowDescription,
  ops: ReadonlyMap<string, OperationDescription>,
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): TypeDescription | undefined {
  if (flow.type) {
    const type = types.get(flow.type.name);
    if (!type)
      d.error(
        flow.type.at,
        `unknown type "${flow.type.name}"${didYouMean(flow.type.name, types.keys())}`,
      );
    return type;
  }
  const operation = flow.operation!;
  const op = ops.get(operation.name);
  if (!op) {
    d.error(
      operation.at,
      `unknown operation "${operation.name}"${didYouMean(operation.name, ops.keys())}`,
    );
    return undefined;
  }
  const request = op.requestType ? types.get(op.requestType.name) : undefined;
  if (!request)
    d.error(operation.at, `operation "${operation.name}" has no request body for the flow to fill`);
  return request;
}

/** Flows name an operation or a type, paths into the body they build, and constants that fit. */
export function checkFlows(
  service: ServiceDescription,
  types: ReadonlyMap<string, TypeDescription>,
  enums: ReadonlyMap<string, EnumDescription>,
  d: Diagnostics,
): void {
  const ops = new Map(service.operations.map((o) => [o.name, o]));
  const flowNames = new Set(service.flows.map((f) => f.name));
  for (const flow of service.flows) {
    const request = builtType(flow, ops, types, d);
    if (!request) continue;
    const check = (path: string, at: Position): FieldDescription | undefined =>
      requestField(request, path, at, types, d);
    for (const r of flow.required) check(r.path, r.at);
    for (const group of flow.exactlyOne) for (const path of group.paths) check(path, group.at);
    for (const c of [...flow.constants, ...flow.defaults])
      checkPathValue(request, c, types, enums, d);
    for (const s of flow.supports) {
      if (!enums.has(s.enum.name))
        d.error(s.enum.at, `unknown enum "${s.enum.name}"${didYouMean(s.enum.name, enums.keys())}`);
    }
    if (flow.from && !flow.operation)
      d.error(
        flow.from.operation.at,
        "a flow copies values from an earlier answer into an operation's request: name the operation",
      );
    if (flow.from) {
      const source = ops.get(flow.from.operation.name);
      const response = source?.responseType ? types.get(source.responseType.name) : undefined;
      if (!source)
        d.error(
          flow.from.operation.at,
          `unknown operation "${flow.from.operation.name}"${didYouMean(flow.from.operation.name, ops.keys())}`,
        );
      else if (!response)
        d.error(
          flow.from.operation.at,
          `operation "${flow.from.operation.name}" has no response body to copy from`,
        );
      for (const c of flow.from.copy) {
        check(c.target, c.at);
        if (response) {
          const found = resolvePath(response, c.source.split("."), types);
          if (typeof found === "string")
            d.error(c.at, `"${c.source}" is not a field of ${response.name}: ${found}`);
        }
      }
    }
    for (const other of flow.combinesWith) {
      if (!flowNames.has(other.name))
        d.error(other.at, `unknown flow "${other.name}"${didYouMean(other.name, flowNames)}`);
      else if (other.name === flow.name)
        d.error(other.at, `flow "${flow.name}" cannot combine with itself`);
    }
  }
}
