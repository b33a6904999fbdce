import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Every answer is checked against its zod contract, then written as JSON. The contract is checked
 * with `safeParse`, which zod compiles for objects, rather than the type provider's `safeEncode`:
 * a page of 12 catalogue cards took 42 µs to encode and 12 µs to parse (docs/performance.md, "Issue 26,
 * sixth session"). The two differ only for codecs and transforms, which no answer's contract has:
 * `safeEncode` refuses a transform, so one in an answer's contract would have failed every answer.
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const contract = contractOf(schema);
  return (data: unknown) => {
    const result = contract.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** A route's response schema, given as a zod type or (in a route's shorthand) as its `properties`. */
function contractOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`a response schema is not a zod type: ${JSON.stringify(schema)}`);
}
