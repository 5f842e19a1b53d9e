import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column (category ids, versions). */
export const INT32_MAX = 2_147_483_647;

/** An id or version held in an `integer` column: 2 147 483 648 would fail in the database, not here. */
export const Int32Id = z.number().int().min(1).max(INT32_MAX);

/** An id held in a `bigint` column, as far as JSON numbers stay exact (2^53 − 1). */
export const BigId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The `{id}` of a path, as digits, read as a `BigId`; `message` says what was expected. */
export const IdPathParams = (message: string) =>
  z.object({
    id: z
      .string()
      .regex(/^\d{1,16}$/, message)
      .transform(Number)
      .pipe(BigId),
  });

// Rounding is plain arithmetic that a request needs before zod has loaded (wire.ts).
export { COORDINATE_DECIMALS, roundCoordinate, roundCoordinateOutward } from './wire-format.ts';

import { roundCoordinate } from './wire-format.ts';

/** A latitude a client sends: finite (zod 4 numbers are), in range, rounded. */
export const InputLatitude = z.number().min(-90).max(90).overwrite(roundCoordinate);
/** A longitude a client sends: finite, in range, rounded. */
export const InputLongitude = z.number().min(-180).max(180).overwrite(roundCoordinate);
