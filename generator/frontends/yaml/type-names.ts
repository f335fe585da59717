import { pascalCase } from "../../naming/case.js";

/**
 * How the schema language names the object types it does not name itself:
 * inline objects `<Parent><Field>`, SOAP operation bodies `<Operation>Request`
 * and `<Operation>Result`, inline REST bodies `<Operation>Request`/`Response`.
 */

/** The name of the type of an inline object field. */
export function inlineTypeName(parent: string, field: string): string {
  return parent + pascalCase(field);
}

export function requestTypeName(operation: string): string {
  return `${operation}Request`;
}

export function resultTypeName(operation: string): string {
  return `${operation}Result`;
}

/** For REST operations with inline bodies. */
export function restBodyTypeName(operation: string, part: "request" | "response"): string {
  return pascalCase(operation) + (part === "request" ? "Request" : "Response");
}
