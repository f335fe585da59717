/** Where each generated artifact lives in the package. One place, so emitters agree. */
export const paths = {
  types: (service: string) => `${service}/types.ts`,
  enums: (service: string) => `${service}/enums.ts`,
  index: (service: string) => `${service}/index.ts`,
  runtime: (file: string) => `runtime/${file}`,
} as const;

/** Package-level files rendered from templates. */
export const PACKAGE_FILES = ["package.json", "tsconfig.json", "README.md"] as const;
