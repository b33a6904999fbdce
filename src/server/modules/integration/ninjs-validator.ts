import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Tests check every answer against IPTC's published ninjs 2.2 schema (ninjs-schema-2.2.json, a copy
 * of iptc/newsinjson specification/ninjs-schema_2.2.json, CC BY 4.0). Its `$schema` is draft
 * 2020-12, hence Ajv2020. The schema points at GeoJSON's for `places[].geojson`, which we never
 * write and cannot fetch here: that one reference is answered by an empty stand-in.
 */
const schema = JSON.parse(readFileSync(new URL('./ninjs-schema-2.2.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: 'https://geojson.org/schema/GeoJSON.json', type: 'object' });
const validate = ajv.compile(schema);

/** The schema's complaints about one ninjs object, or [] when it is valid. */
export function ninjsErrors(item: unknown): string[] {
  if (validate(item)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}
