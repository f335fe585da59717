import { synthesizeField, synthesizeType } from "../../generator/mock/synthesize-value.js";
import type { RestOperation, Service } from "../../generator/model/ir.js";

/**
 * The arguments of a REST operation's client method, synthesized from the
 * model (valid by its validators): path values, the parameters object with
 * the required parameters, the request body with its required fields.
 */
export function argumentsOf(service: Service, op: RestOperation, seed: number): unknown[] {
  const all = [...(op.query ?? []), ...(op.headers ?? []), ...(op.cookies ?? [])];
  const required = all.filter((p) => p.required);
  const params = Object.fromEntries(
    required.map((p) => [p.name, synthesizeField(service, p, { seed })]),
  );
  return [
    ...op.params.map((p) =>
      String(
        synthesizeField(
          service,
          {
            name: p.name,
            type: p.type,
            required: true,
            facets: p.facets ?? [],
            examples: [],
            notes: [],
          },
          { seed },
        ),
      ),
    ),
    ...(all.length > 0 ? [params] : []),
    ...(op.requestType !== undefined
      ? [synthesizeType(service, op.requestType, { seed, optionalDepth: 0 })]
      : op.wire?.request?.encoding === "text"
        ? [""]
        : []),
  ];
}
