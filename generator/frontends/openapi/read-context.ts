import type { SourceProblems } from "../source/source-problem.js";
import type { DocumentSet, SourceDocument } from "./document-set.js";
import type { ApiFormat, BaseUrl } from "./openapi-model.js";
import type { SchemaReader } from "./read-schema.js";

/** What every reader of a description's parts needs. */
export interface ReadContext {
  readonly format: ApiFormat;
  readonly problems: SourceProblems;
  readonly documents: DocumentSet;
  readonly schemas: SchemaReader;
  /** The entry file. */
  readonly root: SourceDocument;
  /** Swagger 2.0: the document-wide media types of request bodies (`consumes`); empty otherwise. */
  readonly consumes: readonly string[];
  /** Swagger 2.0: the document-wide media types of responses (`produces`); empty otherwise. */
  readonly produces: readonly string[];
  /** The document's base URLs. */
  readonly baseUrls: readonly BaseUrl[];
  /** Swagger 2.0: `host` and `basePath`, for operations that list their own `schemes`. */
  readonly swagger2Server?: { readonly host?: string; readonly basePath: string };
  /** Names of the security schemes the document defines (supported or not), for checking requirements. */
  readonly securitySchemeNames: ReadonlySet<string>;
}
