/**
 * What `deferred-docs.ts` and `deferred-initializers.ts` share: a printed
 * file's placeholders replaced by the texts they stand for, each as ts-morph
 * would have printed it at the placeholder's indentation.
 */

/**
 * `printed` with each match of `pattern` (a global pattern whose named groups
 * are `index`, the text's place in `texts`, and `indent`, the indentation
 * ts-morph printed the placeholder at) replaced by `render(text, indent)`;
 * `undefined` unless each of `texts` was found exactly once.
 */
export function fillPlaceholders(
  printed: string,
  pattern: RegExp,
  texts: readonly string[],
  render: (text: string, indent: string) => string,
): string | undefined {
  const found = new Set<number>();
  let matches = 0;
  const filled = printed.replace(pattern, (...args: unknown[]) => {
    const { index, indent } = args.at(-1) as { index: string; indent: string };
    const i = Number(index);
    found.add(i);
    matches++;
    return render(texts[i] ?? "", indent);
  });
  return found.size === texts.length && matches === found.size ? filled : undefined;
}
