/**
 * Bodies the source documents do not show. The package never guesses their
 * shape: it hands them over exactly as parsed, typed so that reading them
 * needs an explicit check instead of an unchecked `any`.
 */

/** Any value a parsed JSON or XML body can hold. */
export type OpaqueValue =
  | string
  | number
  | boolean
  | null
  | readonly OpaqueValue[]
  | { readonly [key: string]: OpaqueValue };

/** A whole body whose fields the documents do not show. */
export interface OpaqueBody {
  readonly [key: string]: OpaqueValue;
}
