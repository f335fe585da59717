import { readOpenApiDescription } from "./to-description.js";

/**
 * Swagger 2.0 and OpenAPI 3.0/3.1 contracts: one REST service per document
 * (see `to-description.ts`). An entry of `CONTRACT_FRONT_ENDS`
 * (`../registry.ts`), which checks its shape.
 */
export const OPENAPI_FRONT_END = {
  name: "openapi",
  formats: ["swagger", "openapi"] as const,
  read: readOpenApiDescription,
};
