/**
 * A small JSON Schema checker for the subset the repository's schemas use (the GSTR-1 file's,
 * decision 0037): type, const, enum, required, properties, additionalProperties: false, items,
 * minItems, maxItems, pattern, minLength, maxLength, minimum, maximum, multipleOf and local
 * `$ref`s to `#/$defs/...`. No validator is a dependency of the repository, and this is all the
 * schema needs; a keyword it does not know fails loudly rather than passing unchecked.
 */

type Schema = Record<string, unknown>;

const KNOWN = new Set([
  '$schema',
  '$id',
  '$defs',
  '$ref',
  'title',
  'description',
  'type',
  'const',
  'enum',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'multipleOf',
]);

function typeOk(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      throw new Error(`unknown type ${type}`);
  }
}

/** Every place `value` breaks `schema`, as "path: problem"; empty when it fits. */
export function jsonSchemaProblems(root: Schema, value: unknown): string[] {
  const problems: string[] = [];
  const check = (schema: Schema, at: unknown, path: string) => {
    for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`keyword ${key} is not supported`);
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace(/^#\/\$defs\//, '');
      const target = (root.$defs as Record<string, Schema> | undefined)?.[name];
      if (!target) throw new Error(`unknown $ref ${schema.$ref}`);
      check(target, at, path);
    }
    const fail = (problem: string) => problems.push(`${path || '/'}: ${problem}`);
    if (typeof schema.type === 'string' && !typeOk(schema.type, at)) return fail(`is not ${schema.type}`);
    if ('const' in schema && at !== schema.const) fail(`is not ${JSON.stringify(schema.const)}`);
    if (Array.isArray(schema.enum) && !schema.enum.includes(at)) fail(`${JSON.stringify(at)} is not one of the enum`);
    if (typeof at === 'string') {
      if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(at)) {
        fail(`"${at}" does not match ${schema.pattern}`);
      }
      if (typeof schema.minLength === 'number' && [...at].length < schema.minLength) fail('is too short');
      if (typeof schema.maxLength === 'number' && [...at].length > schema.maxLength) fail('is too long');
    }
    if (typeof at === 'number') {
      if (typeof schema.minimum === 'number' && at < schema.minimum) fail(`is below ${schema.minimum}`);
      if (typeof schema.maximum === 'number' && at > schema.maximum) fail(`is above ${schema.maximum}`);
      if (typeof schema.multipleOf === 'number') {
        const ratio = at / schema.multipleOf;
        if (Math.abs(ratio - Math.round(ratio)) > 1e-6) fail(`${at} is not a multiple of ${schema.multipleOf}`);
      }
    }
    if (Array.isArray(at)) {
      if (typeof schema.minItems === 'number' && at.length < schema.minItems) fail('has too few items');
      if (typeof schema.maxItems === 'number' && at.length > schema.maxItems) fail('has too many items');
      if (schema.items)
        for (const [index, item] of at.entries()) check(schema.items as Schema, item, `${path}/${index}`);
    }
    if (typeof at === 'object' && at !== null && !Array.isArray(at)) {
      const object = at as Record<string, unknown>;
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const name of (schema.required ?? []) as string[]) {
        if (!Object.hasOwn(object, name)) fail(`lacks ${name}`);
      }
      for (const [name, item] of Object.entries(object)) {
        const property = properties[name];
        if (property) check(property, item, `${path}/${name}`);
        else if (schema.additionalProperties === false) fail(`has ${name}, which the schema does not list`);
      }
    }
  };
  check(root, value, '');
  return problems;
}
