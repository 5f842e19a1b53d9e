import type { z } from 'zod';
import { fieldIssues, validationError } from './errors.ts';

/**
 * Parses request input with a contract schema; a failure becomes 400 `validation_error` with
 * `[{path, message}]`, so bad input never reaches the database.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw validationError(fieldIssues(result.error), `The request ${where} is not valid`);
  }
  return result.data;
}
