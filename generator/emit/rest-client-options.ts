import { lowerCamel, pascalCase } from "../naming/case.js";
import type { RestOperation, Service } from "../model/ir.js";

/** Options every REST client has already (`RestClientOptions`): a credential option never takes their names. */
export const RUNTIME_OPTIONS: readonly string[] = [
  "fetch",
  "timeoutMs",
  "maxResponseBytes",
  "signer",
  "headers",
  "interceptors",
  "onRequest",
  "onResponse",
  "sensitiveHeaders",
  "retry",
  "onRetry",
  "onUnknown",
];

/** The option of a REST client that holds a base URL (`base_url` → `baseUrl`). */
export function baseUrlOption(baseUrl: string): string {
  return lowerCamel(pascalCase(baseUrl));
}

/** One security scheme's client option. */
export interface CredentialOption {
  readonly scheme: string;
  readonly option: string;
  readonly kind: "apiKey" | "basic" | "bearer";
  readonly header?: string;
}

/**
 * The option that holds each security scheme's credential, named after the
 * scheme and kept apart from the base URL options and the runtime's own: the
 * one place these names are decided, for the client and its README.
 */
export function credentialOptions(service: Service): CredentialOption[] {
  const ops = service.operations.filter((o): o is RestOperation => o.protocol === "rest");
  const taken = new Set(
    [...new Set(ops.map((o) => o.baseUrl))].map(baseUrlOption).concat(RUNTIME_OPTIONS),
  );
  return (service.rest?.security ?? []).map((scheme) => {
    let option = lowerCamel(pascalCase(scheme.name)) || "credentials";
    if (!/^[A-Za-z_$]/.test(option)) option = `_${option}`;
    while (taken.has(option)) option = `${option}Credential`;
    taken.add(option);
    return {
      scheme: scheme.name,
      option,
      kind: scheme.kind,
      ...(scheme.header !== undefined ? { header: scheme.header } : {}),
    };
  });
}
