import { pascalCase } from "../../naming/case.js";
import type { HttpMethod } from "./openapi-model.js";

/**
 * The name of an operation without an `operationId`, made from its method
 * and path: `get /pets/{petId}/toys` → `getPetsByPetIdToys`, `get /` →
 * `getRoot`. The same method and path always give the same name.
 */
export function operationNameFromPath(method: HttpMethod, path: string): string {
  const words = path
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replace(/\{([^}]*)\}/g, (_whole, name: string) => `By-${name}-`))
    .map(pascalCase)
    .join("");
  return `${method}${words || "Root"}`;
}

/** The names `{param}` placeholders of a path template use, in order. */
export function pathTemplateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
}
