import path from "node:path";
import { PROJECT_ROOT } from "../../generator/generate.js";

const WSDL_FIXTURES = path.join(PROJECT_ROOT, "test", "frontends", "wsdl", "fixtures");
const OPENAPI_FIXTURES = path.join(PROJECT_ROOT, "test", "frontends", "openapi", "fixtures");

/**
 * The contract fixtures read by the front ends other than the YAML schema
 * language, whose generated packages have goldens under test/golden-contracts/NAME/.
 */
export const CONTRACT_FIXTURES: readonly { readonly name: string; readonly file: string }[] = [
  { name: "bookings-wsdl", file: path.join(WSDL_FIXTURES, "bookings", "bookings.overlay.yaml") },
  { name: "constructs-xsd", file: path.join(WSDL_FIXTURES, "describe", "constructs.xsd") },
  { name: "soap12-wsdl", file: path.join(WSDL_FIXTURES, "describe", "soap12.wsdl") },
  { name: "pets-swagger-2.0", file: path.join(OPENAPI_FIXTURES, "description", "pets-2.0.yaml") },
  { name: "pets-openapi-3.0", file: path.join(OPENAPI_FIXTURES, "description", "pets-3.0.yaml") },
  { name: "pets-openapi-3.1", file: path.join(OPENAPI_FIXTURES, "description", "pets-3.1.yaml") },
];
