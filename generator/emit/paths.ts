/** Where each generated artifact lives in the package. One place, so emitters agree. */
export const paths = {
  types: (service: string) => `${service}/types.ts`,
  enums: (service: string) => `${service}/enums.ts`,
  index: (service: string) => `${service}/index.ts`,
  validators: (service: string) => `${service}/validators.ts`,
  /** Each type's description, declared once: what validators.ts, json.ts and answer-validators.ts import. */
  descriptions: (service: string) => `${service}/descriptions.ts`,
  xml: (service: string) => `${service}/xml.ts`,
  json: (service: string) => `${service}/json.ts`,
  /** What only a server needs (reading requests, writing responses): its own entry point, never imported by the client entry. */
  server: (service: string) => `${service}/server.ts`,
  /** Validators of what a server answers: the server entry's only. */
  answerValidators: (service: string) => `${service}/answer-validators.ts`,
  redact: (service: string) => `${service}/redact.ts`,
  flows: (service: string) => `${service}/flows.ts`,
  client: (service: string) => `${service}/client.ts`,
  query: (service: string) => `${service}/query.ts`,
  runtime: (file: string) => `runtime/${file}`,
} as const;

/**
 * Where the validator of a type a server answers is imported from: the
 * client's validators when callers also send the type (one function, one
 * name), else the server's own answer validators.
 */
export function validatorModule(
  service: {
    readonly name: string;
    readonly types: readonly {
      readonly name: string;
      readonly facts: { readonly sent: boolean };
    }[];
  },
  type: string,
): string {
  const sent = service.types.find((t) => t.name === type)?.facts.sent === true;
  return sent ? paths.validators(service.name) : paths.answerValidators(service.name);
}

/** The package's build script, copied from `generator/build-script/`. */
export const BUILD_SCRIPT = "build.mjs";

/** Package-level files rendered from templates. */
export const PACKAGE_FILES = ["package.json", "tsconfig.json", "README.md"] as const;
