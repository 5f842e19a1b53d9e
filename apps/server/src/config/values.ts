import { z } from 'zod';

/** One bad variable and what is wrong with it, as `ConfigError` lists them. */
export interface EnvIssue {
  variable: string;
  message: string;
}

/** The variables of one concern as they come, unset ones included. */
export type Env = NodeJS.ProcessEnv;

/** Unset and empty mean the same: `FOO=` in a .env file should not count as a value. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A secret or password: used exactly as given (not trimmed); unset and empty mean the same. */
export const exactText = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

export const booleanFlag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (['true', '1', 'on', 'yes'].includes(value)) return true;
      if (['false', '0', 'off', 'no'].includes(value)) return false;
      ctx.addIssue({ code: 'custom', message: 'Expected true/false, 1/0 or on/off' });
      return z.NEVER;
    });

export const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
        ctx.addIssue({ code: 'custom', message: `Expected a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return Number(value);
    });

/** A decimal number such as `0.5` or `2`, within [min, max]. */
export const decimal = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d+(\.\d+)?$/.test(value) || Number(value) < min || Number(value) > max) {
        ctx.addIssue({ code: 'custom', message: `Expected a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return Number(value);
    });

export const httpUrl = (message: string) =>
  optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+/i.test(value), { message });

/** The issues of a failed parse, one per variable as `ConfigError` lists them. */
export function envIssues(error: z.ZodError): EnvIssue[] {
  return error.issues.map((issue) => ({
    variable: String(issue.path[0] ?? '(environment)'),
    message: issue.code === 'invalid_value' ? `Expected one of ${issue.values.join(', ')}` : issue.message,
  }));
}
