import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import type { Description } from "../../description/description.js";

/**
 * Swagger 2.0 and OpenAPI 3.0/3.1 contracts: one REST service per document
 * (see `to-description.ts`). An entry of `CONTRACT_FRONT_ENDS`
 * (`../registry.ts`), which checks its shape; its code is loaded when it
 * first reads.
 */
export const OPENAPI_FRONT_END = {
  name: "openapi",
  formats: ["swagger", "openapi"] as const,
  read: async (file: string, cwd: string, diagnostics: Diagnostics): Promise<Description> =>
    (await import("./to-description.js")).readOpenApiDescription(file, cwd, diagnostics),
};
