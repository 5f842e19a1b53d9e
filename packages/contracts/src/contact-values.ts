import { text } from './text.ts';

/** A phone number as people write it; empty means none (null). */
export const Phone = text({ kind: 'token', max: 40 })
  .refine((value) => value === '' || /^\+?[0-9 ()./-]{3,40}$/.test(value), {
    message: 'Expected a phone number',
  })
  .transform((value) => (value === '' ? null : value));
/** An http(s) address. */
export const Website = text({ kind: 'token', min: 1, max: 500 }).refine(
  (value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
  { message: 'Expected an http(s) address' },
);
