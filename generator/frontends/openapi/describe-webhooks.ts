import type { EventDescription } from "../../description/description.js";
import type { ApiDocument, Schema } from "./openapi-model.js";

/**
 * OpenAPI 3.1 webhooks and OpenAPI 3 callbacks as the service's events: one
 * per webhook or callback, named by its key, its payload's type named in a
 * note (the payload schemas are types like any other, with readers and
 * validators). `typeOf` gives the type a payload schema is described as.
 */
export function describeWebhooks(
  doc: ApiDocument,
  typeOf: (schema: Schema, webhook: string) => string | undefined,
): EventDescription[] {
  return (doc.webhooks ?? []).map((w) => {
    const payloads = [...new Set(w.payloads.flatMap((p) => typeOf(p, w.name) ?? []))];
    const sent = w.callback
      ? `A request the API sends to the URL that \`${w.callback.expression}\` names in a ${w.callback.operation} call`
      : "A request the API sends";
    return {
      name: w.name,
      at: w.at,
      notes:
        payloads.length > 0
          ? [
              {
                kind: "info" as const,
                text: `${sent}; its JSON payload is a ${payloads.join(" or a ")}.`,
              },
            ]
          : [
              {
                kind: "info" as const,
                text: `${sent}; the contract gives no JSON payload.`,
              },
            ],
      ...(payloads.length > 0 ? { payloads: payloads.map((name) => ({ name, at: w.at })) } : {}),
      ...(w.description !== undefined ? { doc: w.description } : {}),
    };
  });
}
