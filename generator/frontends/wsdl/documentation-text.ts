import { textContent, type XmlElement } from "../xml/xml-tree.js";

/**
 * The text of a documentation element (`xs:documentation`,
 * `wsdl:documentation`), markup inside it reduced to its text: trailing
 * spaces and blank first and last lines dropped, and the indentation the
 * lines after the first share removed (the first line usually starts right
 * after the tag). Undefined when there is no text.
 */
export function documentationText(element: XmlElement): string | undefined {
  const lines = textContent(element)
    .split("\n")
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0] === "") lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 0) return undefined;
  const indents = lines
    .slice(1)
    .filter((line) => line !== "")
    .map((line) => line.length - line.trimStart().length);
  const common = indents.reduce((least, indent) => Math.min(least, indent), indents[0] ?? 0);
  return [lines[0]!.trimStart(), ...lines.slice(1).map((line) => line.slice(common))].join("\n");
}
