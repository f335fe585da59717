import type { Position } from "../../diagnostics/diagnostic.js";
import type { Named } from "../../description/description.js";
import type { NoteKind, RestWire } from "../../model/vocabulary.js";
import {
  queryStyles,
  acceptOf,
  chosenRequestContent,
  encodingOf,
  isEmptyFormBody,
  isJsonMediaType,
  requestWire,
  responseReading,
} from "./media-types.js";
import type { MediaContent, NamedSchema, Operation } from "./openapi-model.js";

type Note = { readonly kind: NoteKind; readonly text: string };

/** How the mapping onto the description types a body: a named type (an object type, or an opaque one). */
export interface BodyTypers {
  readonly body: (content: MediaContent, fallback: string) => Named;
  readonly response: (content: MediaContent, fallback: string, at: Position) => Named;
  readonly requestName: string;
  readonly responseName: string;
}

/**
 * An operation's bodies and media types as the description says them: the
 * request type (JSON, form and multipart bodies typed from their schema;
 * text and bytes bodies have none: the client takes a string or bytes), the
 * response type (a JSON success body; text and bytes are read as a string or
 * bytes), and the wire: `accept`, the body's `content-type` and encoding.
 */
export function describeWire(
  op: Operation,
  schemas: ReadonlyMap<string, NamedSchema>,
  notes: Note[],
  typers: BodyTypers,
): { requestType?: Named; responseType?: Named; wire?: RestWire } {
  let requestType: Named | undefined;
  let request: RestWire["request"];
  const body = op.requestBody;
  if (body && isEmptyFormBody(op, schemas)) {
    notes.push({
      kind: "info",
      text: `The contract declares an empty ${body.content.map((c) => c.mediaType).join(" or ")} body on a ${op.method.toUpperCase()}: none is sent.`,
    });
  } else if (body) {
    const chosen = chosenRequestContent(body.content);
    if (chosen) {
      const others = body.content.filter((c) => c !== chosen).map((c) => c.mediaType);
      if (others.length > 0)
        notes.push({
          kind: "info",
          text: `The request body may also be sent as ${others.join(", ")}; the client sends ${chosen.mediaType}.`,
        });
      request = requestWire(op, chosen, schemas);
      const encoding = encodingOf(chosen.mediaType);
      if (encoding === "json" || encoding === "form" || encoding === "multipart")
        requestType = typers.body(chosen, typers.requestName);
    }
    if (!body.required)
      notes.push({
        kind: "info",
        text: "The request body is optional in the contract.",
      });
  }
  let responseType: Named | undefined;
  let response: RestWire["response"];
  const success = op.responses.find((r) => /^2\d\d$/.test(r.status) && r.content.length > 0);
  // Swagger 2.0: a success without a schema in an operation that produces no JSON is a download (a report, a file).
  const download = success
    ? undefined
    : op.responses.find((r) => /^2\d\d$/.test(r.status) && r.status !== "204");
  const downloadTypes =
    download && op.produces && op.produces.length > 0 && !op.produces.some(isJsonMediaType)
      ? op.produces
      : undefined;
  if (success && responseReading(success.content.map((c) => c.mediaType)) === "json") {
    const json = success.content.find((c) => isJsonMediaType(c.mediaType))!;
    responseType = typers.response(json, typers.responseName, success.at);
  } else if (success || downloadTypes) {
    const mediaTypes = success ? success.content.map((c) => c.mediaType) : downloadTypes!;
    response = responseReading(mediaTypes) === "text" ? "text" : "bytes";
    notes.push({
      kind: "info",
      text: `The ${(success ?? download)!.status} body is ${mediaTypes.join(" or ")}: the client returns it as ${response === "text" ? "text (a string)" : "bytes (a Uint8Array)"}.`,
    });
  }
  const query = queryStyles(op, schemas);
  const accept = acceptOf(op);
  const isDefault =
    (accept === undefined || accept === "application/json") &&
    (request === undefined ||
      (request.encoding === "json" &&
        request.mediaType === "application/json" &&
        !request.required)) &&
    response === undefined &&
    query.length === 0;
  const wire: RestWire = {
    ...(accept !== undefined ? { accept } : {}),
    ...(request ? { request } : {}),
    ...(response ? { response } : {}),
    ...(query.length > 0 ? { query } : {}),
  };
  return {
    ...(requestType ? { requestType } : {}),
    ...(responseType ? { responseType } : {}),
    ...(isDefault ? {} : { wire }),
  };
}
