import type { Options } from "prettier";

/**
 * Fixed options, never read from the user's configuration files: output must
 * be byte-identical on every machine.
 */
export const FORMAT_OPTIONS: Readonly<Options> = {
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
  proseWrap: "preserve",
  // Code blocks in the README are examples kept formatted at their source
  // (templates/examples/); formatting them here would load a second TypeScript parser.
  embeddedLanguageFormatting: "off",
};
