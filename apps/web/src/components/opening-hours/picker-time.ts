/** Hours and minutes as typed: `8`, `830`, `0830`, `8:30`, `8.30` (a separator is optional). */
const TYPED = /^(\d{1,2})(?:[:.,]?(\d{2}))?$/;

/**
 * A time as typed into the hours picker, read on the 24-hour clock as `HH:MM`; null when it is not
 * a time. A phone's number pad has no colon, so digits alone are read too (`0830`, `830` and `8`
 * give 08:30, 08:30 and 08:00). `24:00` is midnight at the end of a day: a closing time only.
 */
export function readPickerTime(text: string, { closing = false } = {}): string | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  const midnight = closing && hours === 24 && minutes === 0;
  if (!midnight && (hours > 23 || minutes > 59)) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Whether the picker holds a time it can write here (not a half-typed or mistyped one). */
export function isPickerTime(value: string, { closing = false } = {}): boolean {
  return readPickerTime(value, { closing }) === value;
}
