import type { Service } from "../model/ir.js";
import type { EmitContext } from "./emit-context.js";
import { emitClient } from "./emit-client.js";
import { describedTypes, emitDescriptions } from "./emit-descriptions.js";
import { emitEnums } from "./emit-enums.js";
import { emitFlows } from "./emit-flows.js";
import { emitJson, emitRestServer } from "./emit-json.js";
import { emitQuery } from "./emit-query.js";
import { emitRedact } from "./emit-redact.js";
import { emitTypes } from "./emit-types.js";
import { answerCheckedTypes, emitAnswerValidators, emitValidators } from "./emit-validators.js";
import { emitSoapServer, emitXml } from "./emit-xml.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";

/** One generated file of a service: what emits it, where, when, and what the service's entry point re-exports of it. */
export interface ServiceArtifact {
  /** What it holds, in a word. */
  readonly name: string;
  /** Its path in the package. */
  readonly path: (service: string) => string;
  /** Whether a service gets this file. */
  readonly when: (service: Service) => boolean;
  readonly emit: (ctx: EmitContext) => GeneratedFile;
  /**
   * What the service's entry point (`<service>/index.ts`) re-exports of it:
   * everything, its types only, or nothing (a file with an entry of its own,
   * like the server module, or one the entry does not offer).
   */
  readonly entry: "values" | "types" | "none";
  /** What only the server side needs: emitted only for a package that asks for it (`--server`). */
  readonly server?: true;
}

const always = (): boolean => true;
const soap = (s: Service): boolean => s.protocol === "soap";
const rest = (s: Service): boolean => s.protocol === "rest";

/**
 * Every file emitted for a service, in the order of its entry point's
 * exports. Adding an artifact is adding an entry here and its emitter.
 */
export const SERVICE_ARTIFACTS: readonly ServiceArtifact[] = [
  { name: "types", path: paths.types, when: always, emit: emitTypes, entry: "types" },
  { name: "enums", path: paths.enums, when: always, emit: emitEnums, entry: "values" },
  // Before the files that import its descriptions; the entry point offers none of them.
  {
    name: "descriptions",
    path: paths.descriptions,
    when: (s) => describedTypes(s).length > 0,
    emit: emitDescriptions,
    entry: "none",
  },
  {
    name: "validators",
    path: paths.validators,
    when: always,
    emit: emitValidators,
    entry: "values",
  },
  { name: "xml", path: paths.xml, when: soap, emit: emitXml, entry: "values" },
  { name: "json", path: paths.json, when: rest, emit: emitJson, entry: "values" },
  // What only a server needs has its own entry point (`<service>/server`), which the index never re-exports.
  {
    name: "answer-validators",
    path: paths.answerValidators,
    when: (s) => s.operations.length > 0 && answerCheckedTypes(s).length > 0,
    emit: emitAnswerValidators,
    entry: "none",
    server: true,
  },
  {
    name: "server",
    path: paths.server,
    when: soap,
    emit: emitSoapServer,
    entry: "none",
    server: true,
  },
  {
    name: "server",
    path: paths.server,
    when: rest,
    emit: emitRestServer,
    entry: "none",
    server: true,
  },
  {
    name: "redact",
    path: paths.redact,
    when: (s) => s.types.some((t) => t.facts.sensitive),
    emit: emitRedact,
    entry: "values",
  },
  {
    name: "flows",
    path: paths.flows,
    when: (s) => s.flows.length > 0,
    emit: emitFlows,
    entry: "values",
  },
  // A contract that names no operation (an XML schema on its own) has types and validators, and no client.
  {
    name: "client",
    path: paths.client,
    when: (s) => s.operations.length > 0,
    emit: emitClient,
    entry: "values",
  },
  {
    name: "query",
    path: paths.query,
    when: (s) => s.query !== undefined,
    emit: emitQuery,
    entry: "values",
  },
];

/** A runtime module a service's entry point re-exports: all of it, or the names listed. */
export interface RuntimeExport {
  readonly file: string;
  readonly kind: "values" | "types";
  readonly names?: readonly string[];
  readonly when: (service: Service) => boolean;
}

/** What of the runtime each service's entry point offers: errors, and the types a caller writes in its own code. */
export const RUNTIME_EXPORTS: readonly RuntimeExport[] = [
  { file: paths.runtime("errors.ts"), kind: "values", when: always },
  // What a caller reads with or about unknown data (see read-options.ts).
  { file: paths.runtime("read-options.ts"), kind: "values", names: ["unknownData"], when: always },
  {
    file: paths.runtime("read-options.ts"),
    kind: "types",
    names: ["ReadOptions", "UnknownData", "UnknownPolicy"],
    when: always,
  },
  // Options, hooks and retry settings.
  {
    file: paths.runtime("soap-call.ts"),
    kind: "types",
    names: ["ApiErrorMode", "ApiOutcome", "SoapAnswer", "SoapCallOptions", "SoapClientOptions"],
    when: soap,
  },
  {
    file: paths.runtime("rest-call.ts"),
    kind: "types",
    names: ["CallOptions", "RestClientOptions"],
    when: rest,
  },
  // What a REST reader returns: a caller annotating a stored answer writes this type.
  { file: paths.runtime("received.ts"), kind: "types", names: ["Received"], when: rest },
  {
    file: paths.runtime("http/hooks.ts"),
    kind: "types",
    names: [
      "RedactedRequestView",
      "RedactedResponseView",
      "RequestHook",
      "ResponseHook",
      "Signer",
      "SigningRequest",
    ],
    when: always,
  },
  {
    file: paths.runtime("http/retry.ts"),
    kind: "types",
    names: ["RetryInfo", "RetryPolicy"],
    when: always,
  },
];
