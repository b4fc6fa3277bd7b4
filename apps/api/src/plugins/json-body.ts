import secureJson from 'secure-json-parse';

/**
 * How deep a request body's arrays and objects may nest. The deepest body the API takes (a ticket in an
 * envelope, a bulk range list) is 4 deep; past 32 the body is refused before it is parsed, since parsing
 * a deeply nested megabyte costs a second of the event loop (issue 32, item 4, L2).
 */
export const maxJsonDepth = 32;

export const jsonBodyMessages = {
  invalid: 'The request body is not valid JSON.',
  tooDeep: `The request body nests deeper than ${maxJsonDepth} levels.`,
} as const;

/** The deepest nesting of arrays and objects in `text`, stopping once it passes `limit`. */
function depthPasses(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92)
        index++; // a backslash: the next character is escaped
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      if (++depth > limit) return true;
    } else if (code === 125 || code === 93) depth--;
  }
  return false;
}

/**
 * A JSON request body as the API reads it: an empty body is none (react-admin sends the JSON content type
 * on bodiless DELETEs), one nested past maxJsonDepth is refused unparsed, and `__proto__` or
 * `constructor.prototype` keys are refused as Fastify's own parser refuses them (prototype poisoning).
 * Throws a message from jsonBodyMessages.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (depthPasses(text, maxJsonDepth)) throw new Error(jsonBodyMessages.tooDeep);
  try {
    return secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new Error(jsonBodyMessages.invalid);
  }
}
