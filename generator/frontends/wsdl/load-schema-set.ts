import { stat } from "node:fs/promises";
import path from "node:path";
import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import { XML_NAMESPACE } from "../xml/namespace-scope.js";
import { describeFileError, readXmlFile } from "../xml/read-xml-file.js";
import { SourceProblem } from "../source/source-problem.js";
import type { SourceLimits } from "../source/source-limits.js";
import type { XmlDocument, XmlElement } from "../xml/xml-tree.js";
import { checkSchemaReferences } from "./check-schema-references.js";
import { SOAP_ENCODING_NAMESPACE, XSD_NAMESPACE } from "./namespaces.js";
import { declaredTargetNamespace, readSchemaElement } from "./read-xsd-schema.js";
import { SchemaSetBuilder } from "./schema-set-builder.js";
import { withHeadTypes } from "./substitution-groups.js";
import {
  displayPath,
  isUrlLocation,
  resolveLocation,
  urlFileName,
  urlLocationMessage,
} from "./schema-location.js";
import type { SchemaDirective, SchemaSet } from "./xsd-model.js";
import { noteFileAbsent } from "../../input-log.js";

export interface SchemaLoadOptions {
  /** Paths in positions and messages are shown relative to this folder; relative paths given are resolved from it. */
  readonly cwd: string;
  /** Bounds of each file read. */
  readonly limits?: Partial<SourceLimits>;
  /**
   * Local copies of schemas that others import by URL (what `--from` passes):
   * read first; an import by URL is served by the copy with the imported
   * namespace, or else with the URL's file name.
   */
  readonly from?: readonly string[];
  /** At most this many files are read in all (default {@link DEFAULT_MAX_SCHEMA_FILES}). */
  readonly maxFiles?: number;
  /** Called with each XML document read (the WSDL's, each schema file's), as it is read. */
  readonly onDocument?: (document: XmlDocument) => void;
}

/** Far more files than any contract spreads over; a bound so that a generated import chain cannot go on without end. */
export const DEFAULT_MAX_SCHEMA_FILES = 1000;

/** Reads schema files and everything they import and include into one schema set; problems go to `diagnostics`. */
export async function readSchemaFiles(
  files: readonly string[],
  options: SchemaLoadOptions,
  diagnostics: Diagnostics,
): Promise<SchemaSet> {
  const loader = new SchemaLoader(options, diagnostics);
  for (const file of files) await loader.addFile(file);
  return loader.load();
}

type MutableDirective = { -readonly [K in keyof SchemaDirective]: SchemaDirective[K] };

/** An import or include still to follow, and the schema document that wrote it. */
interface PendingDirective {
  readonly directive: MutableDirective;
  readonly importerFile: string;
  readonly importerDisplay: string;
  readonly importerNamespace: string;
}

/** A `--from` file, by what an import by URL is matched on. */
interface LocalCopy {
  readonly absolute: string;
  readonly targetNamespace: string;
  readonly fileName: string;
}

/**
 * Follows imports and includes from the schemas it is given, relative to
 * the file that names them, reading each file once however many schemas
 * name it (so import cycles end), and each schema document once per
 * namespace it is read into. A location that is a URL is never fetched.
 * Every problem is reported, with its position, and loading goes on.
 */
export class SchemaLoader {
  private readonly builder: SchemaSetBuilder;
  /** Files read, by absolute path; undefined for a file that could not be read (already reported). */
  private readonly files = new Map<string, XmlDocument | undefined>();
  /** Schema documents read: file, position of the `xs:schema` element, and the namespace it was read into. */
  private readonly schemasRead = new Set<string>();
  private readonly pending: PendingDirective[] = [];
  /** Redefinitions, applied once everything is read. */
  private readonly redefines: PendingDirective[] = [];
  /** Imports without a location, checked once everything is read. */
  private readonly locationless: PendingDirective[] = [];
  private readonly localCopies: LocalCopy[] = [];
  /** Namespaces an import of which failed (already reported): references into them are not reported again. */
  private readonly unavailable = new Set<string>();

  constructor(
    private readonly options: SchemaLoadOptions,
    private readonly diagnostics: Diagnostics,
  ) {
    this.builder = new SchemaSetBuilder(diagnostics);
  }

  /** Reads a schema file the user named. */
  async addFile(file: string): Promise<void> {
    const absolute = path.resolve(this.options.cwd, file);
    const document = await this.readFile(absolute, undefined);
    if (document === undefined) return;
    if (!isSchema(document.root)) {
      this.diagnostics.error(
        document.root.at,
        `the root element is <${document.root.qname}>, not an XML Schema xs:schema`,
      );
      return;
    }
    this.readSchema(document.root, absolute, undefined);
  }

  /** Reads a schema embedded in another file (the `wsdl:types` of a WSDL file); its locations are relative to that file. */
  addEmbeddedSchema(schema: XmlElement, absoluteFile: string): void {
    this.readSchema(schema, absoluteFile, undefined);
  }

  /** Follows every import and include, checks every reference, and returns the set. */
  async load(): Promise<SchemaSet> {
    for (const file of this.options.from ?? []) {
      const absolute = path.resolve(this.options.cwd, file);
      await this.addFile(file);
      const document = this.files.get(absolute);
      if (document !== undefined && isSchema(document.root)) {
        this.localCopies.push({
          absolute,
          targetNamespace: declaredTargetNamespace(document.root),
          fileName: path.basename(absolute),
        });
      }
    }
    for (let next = this.pending.shift(); next !== undefined; next = this.pending.shift())
      await this.follow(next);
    // A redefinition replaces its original once the schema it includes (and all that schema includes) is read.
    for (const { directive } of this.redefines) {
      if (directive.file === undefined) continue;
      for (const component of directive.redefinitions ?? [])
        this.builder.redefine(component, directive.file);
    }
    for (const { directive } of this.locationless) {
      const namespace = directive.namespace ?? "";
      // The SOAP encoding schema is known by name; an import of it that names no location needs none unless a type of it is used (reported where it is).
      if (
        namespace === XSD_NAMESPACE ||
        namespace === XML_NAMESPACE ||
        namespace === SOAP_ENCODING_NAMESPACE ||
        this.builder.hasNamespace(namespace)
      )
        continue;
      // Nothing of it is known: a reference to it is an error where it stands; an import nothing uses takes nothing away.
      this.diagnostics.warning(
        directive.at,
        "unresolved-import",
        `nothing read defines the namespace ${namespace === "" ? "(none)" : namespace} imported here, so none of its components is known: give its schemaLocation, or pass its schema with --from FILE`,
      );
    }
    const set = this.builder.build();
    checkSchemaReferences(set, this.unavailable, this.diagnostics);
    return withHeadTypes(set);
  }

  /** Reads one `xs:schema` element into the set, once per file, position and namespace; queues its imports and includes. */
  private readSchema(
    schema: XmlElement,
    absoluteFile: string,
    includedInto: string | undefined,
  ): void {
    const namespace = schema.attributes.has("targetNamespace")
      ? declaredTargetNamespace(schema)
      : (includedInto ?? "");
    const key = `${absoluteFile}\0${schema.at.line}:${schema.at.col}\0${namespace}`;
    if (this.schemasRead.has(key)) return;
    this.schemasRead.add(key);
    const display = displayPath(this.options.cwd, absoluteFile);
    const read = readSchemaElement(schema, display, includedInto, this.builder, this.diagnostics);
    const directives = read.directives.map((directive): MutableDirective => ({ ...directive }));
    this.builder.addDocument({ ...read, directives });
    for (const directive of directives) {
      this.pending.push({
        directive,
        importerFile: absoluteFile,
        importerDisplay: display,
        importerNamespace: read.targetNamespace,
      });
    }
  }

  /** Follows one import or include to the file it names, and reads the schema there; remembers the namespace when that fails. */
  private async follow(pending: PendingDirective): Promise<void> {
    const failures = this.diagnostics.count;
    await this.followDirective(pending);
    if (this.diagnostics.count > failures && pending.directive.kind === "import")
      this.unavailable.add(pending.directive.namespace ?? "");
  }

  private async followDirective(pending: PendingDirective): Promise<void> {
    const { directive } = pending;
    const location = directive.schemaLocation;
    if (location === undefined) {
      this.locationless.push(pending);
      return;
    }
    let absolute: string;
    if (isUrlLocation(location)) {
      // The XML namespace's attributes are known without its schema, which is always named by URL.
      if (directive.kind === "import" && directive.namespace === XML_NAMESPACE) return;
      const copy = await this.localCopy(directive, location, pending.importerFile);
      if (copy === undefined) {
        this.diagnostics.error(
          directive.at,
          urlLocationMessage("schemaLocation", location, pending.importerDisplay),
        );
        return;
      }
      absolute = copy;
    } else {
      absolute = resolveLocation(pending.importerFile, location);
    }
    const document = await this.readFile(absolute, directive.at);
    if (document === undefined) return;
    directive.file = displayPath(this.options.cwd, absolute);
    const root = document.root;
    if (!isSchema(root)) {
      this.diagnostics.error(
        directive.at,
        `"${location}" is not an XML schema: its root element is <${root.qname}>`,
      );
      return;
    }
    const found = declaredTargetNamespace(root);
    if (directive.kind === "import") {
      const expected = directive.namespace ?? "";
      if (found !== expected) {
        this.diagnostics.error(
          directive.at,
          `"${location}" has target namespace ${found === "" ? "(none)" : found}, but this import is of namespace ${expected === "" ? "(none)" : expected}`,
        );
        return;
      }
      this.readSchema(root, absolute, undefined);
    } else {
      if (root.attributes.has("targetNamespace") && found !== pending.importerNamespace) {
        this.diagnostics.error(
          directive.at,
          `"${location}" has target namespace ${found}, but an included schema must have the includer's (${pending.importerNamespace === "" ? "none" : pending.importerNamespace}) or none; use xs:import`,
        );
        return;
      }
      this.readSchema(root, absolute, pending.importerNamespace);
      if (directive.kind === "redefine") this.redefines.push(pending);
    }
  }

  /** A local copy for an import by URL: a `--from` file of the imported namespace or file name, or a file of that name next to the importer. */
  private async localCopy(
    directive: SchemaDirective,
    location: string,
    importerFile: string,
  ): Promise<string | undefined> {
    const fileName = urlFileName(location);
    const byNamespace =
      directive.kind === "import"
        ? this.localCopies.find((copy) => copy.targetNamespace === (directive.namespace ?? ""))
        : undefined;
    const byName = this.localCopies.find((copy) => copy.fileName === fileName);
    const given = byNamespace ?? byName;
    if (given !== undefined) return given.absolute;
    const beside = path.join(path.dirname(importerFile), fileName);
    try {
      // Anything there but a folder is read, so a FIFO or device is reported, not passed over.
      if (!(await stat(beside)).isDirectory()) return beside;
    } catch {
      // No copy there.
    }
    noteFileAbsent(beside);
    return undefined;
  }

  /** A file's XML, read once; problems reported at `namedAt` (the import or include) or in the file itself. */
  private async readFile(
    absolute: string,
    namedAt: Position | undefined,
  ): Promise<XmlDocument | undefined> {
    if (this.files.has(absolute)) return this.files.get(absolute);
    const display = displayPath(this.options.cwd, absolute);
    const at = namedAt ?? { file: display, line: 1, col: 1 };
    const maxFiles = this.options.maxFiles ?? DEFAULT_MAX_SCHEMA_FILES;
    if (this.files.size >= maxFiles) {
      this.diagnostics.error(at, `more than ${maxFiles} schema files; ${display} is not read`);
      this.files.set(absolute, undefined);
      return undefined;
    }
    let document: XmlDocument | undefined;
    try {
      document = await readXmlFile(absolute, {
        displayPath: display,
        ...(this.options.limits === undefined ? {} : { limits: this.options.limits }),
      });
      this.options.onDocument?.(document);
    } catch (error) {
      if (error instanceof SourceProblem) this.diagnostics.error(error.at, error.detail);
      else this.diagnostics.error(at, `cannot read ${display}: ${describeFileError(error)}`);
      document = undefined;
    }
    this.files.set(absolute, document);
    return document;
  }
}

function isSchema(element: XmlElement): boolean {
  return element.name.namespace === XSD_NAMESPACE && element.name.local === "schema";
}
