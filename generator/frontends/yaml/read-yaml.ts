import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import type { Description, ServiceDescription } from "../../description/description.js";
import { describeService } from "./describe-service.js";
import { loadSchemas, type LoadOptions } from "./load-schemas.js";
import { readSchema } from "./read-schema.js";

/**
 * The YAML front end: reads a schema folder (one subfolder per service) into
 * a description. Problems of the YAML itself (syntax, unknown keys, value
 * kinds, names) go to `diagnostics`; the checker checks the rest.
 */
export async function readYamlDescription(
  options: LoadOptions,
  diagnostics: Diagnostics,
): Promise<Description> {
  const files = await loadSchemas(options, diagnostics);
  const ast = readSchema(files, diagnostics);
  const services = ast.services
    .map((s) => describeService(s, diagnostics))
    .filter((s): s is ServiceDescription => s !== undefined);
  return { services };
}
