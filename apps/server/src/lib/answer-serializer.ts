import { isDeepStrictEqual } from 'node:util';
import { serializerCompiler as checkedSerializerCompiler } from 'fastify-type-provider-zod';

type SerializerCompiler = typeof checkedSerializerCompiler;

/** JSON as it travels, so that `undefined` members and the like compare as a client sees them. */
const asSent = (data: unknown): unknown => JSON.parse(JSON.stringify(data) ?? 'null');

/**
 * How answers become JSON. In production: `JSON.stringify`, without running the route's zod
 * response schema; checking every answer of every request cost more than building it.
 * Elsewhere (tests, development), each answer is also encoded with its schema, and one that the
 * schema refuses, or would change (a member it does not declare, a value it would transform), is
 * a 500: so the tests prove that what production sends unchecked is what the schema says.
 * Both send the same bytes.
 */
export function answerSerializerCompiler(checkAnswers: boolean): SerializerCompiler {
  if (!checkAnswers) return () => (data) => JSON.stringify(data);
  return (route) => {
    const checked = checkedSerializerCompiler(route);
    return (data) => {
      // Throws ResponseSerializationError when the schema refuses the answer.
      const encoded = checked(data);
      if (!isDeepStrictEqual(JSON.parse(encoded), asSent(data)))
        throw new Error(
          `${route.method} ${route.url}: the answer has members or values its schema would not send`,
        );
      return JSON.stringify(data);
    };
  };
}
