import type { ContractFrontEnd } from "../registry.js";
import { readOpenApiDescription } from "./to-description.js";

/** Swagger 2.0 and OpenAPI 3.0/3.1 contracts: one REST service per document (see `to-description.ts`). */
export const OPENAPI_FRONT_END: ContractFrontEnd = {
  name: "openapi",
  formats: ["swagger", "openapi"],
  read: readOpenApiDescription,
};
