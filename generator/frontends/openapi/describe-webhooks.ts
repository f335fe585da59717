import type { EventDescription } from "../../description/description.js";
import type { ApiDocument, Schema } from "./openapi-model.js";

/**
 * OpenAPI 3.1 webhooks as the service's events: one per webhook, named by
 * its key, its payload's type named in a note (the payload schemas are types
 * like any other, with readers and validators). `typeOf` gives the type a
 * payload schema is described as.
 */
export function describeWebhooks(
  doc: ApiDocument,
  typeOf: (schema: Schema, webhook: string) => string | undefined,
): EventDescription[] {
  return (doc.webhooks ?? []).map((w) => {
    const payloads = w.payloads.flatMap((p) => typeOf(p, w.name) ?? []);
    return {
      name: w.name,
      at: w.at,
      notes:
        payloads.length > 0
          ? [
              {
                kind: "info" as const,
                text: `A request the API sends; its JSON payload is a ${payloads.join(" or a ")}.`,
              },
            ]
          : [
              {
                kind: "info" as const,
                text: "A request the API sends; the contract gives no JSON payload.",
              },
            ],
      ...(w.description !== undefined ? { doc: w.description } : {}),
    };
  });
}
