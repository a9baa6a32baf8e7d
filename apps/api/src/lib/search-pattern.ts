/** Text searches as `lower(column) like pattern`: the searched text is plain text, never a pattern. */

/** `%text%` in lower case with LIKE's wildcards (`%`, `_`) and its escape character (`\`) escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
