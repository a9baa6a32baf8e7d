/**
 * A value made the first time it is asked for. For Intl formatters kept at module level: the first
 * Intl object a page makes costs a phone tens of milliseconds of locale data, and a module's
 * formatters would otherwise all be made while the page's code starts, whether or not the page
 * formats anything.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
