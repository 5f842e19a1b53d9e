import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPickerTime } from './picker-time.ts';

interface TimeFieldProps {
  /** The time the week holds: `HH:MM`, or the text as typed while it is not one yet. */
  value: string;
  onChange(value: string): void;
  /** The user left the field. */
  onBlur(): void;
  label: string;
  /** A closing time: `24:00` (midnight at the end of the day) is allowed. */
  closing?: boolean;
  invalid: boolean;
  describedBy?: string;
}

/**
 * One opening or closing time, always on the 24-hour clock. A text field with the number pad
 * rather than `<input type="time">`, which follows the browser's locale (AM/PM in en-US, whatever
 * Karta's language), and rather than hour and minute selects, which take two scroll wheels per
 * time on a phone: four taps on the pad (`0830`, no colon needed, which iOS's pad lacks) write
 * 08:30. Each keystroke gives the week the time once it reads as one (else the text as typed, which
 * the picker flags); leaving the field shows it as `HH:MM`.
 */
export function TimeField({
  value,
  onChange,
  onBlur,
  label,
  closing = false,
  invalid,
  describedBy,
}: TimeFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // The value this field last gave or was given: a new one from outside (a range added, hours read
  // back from their text) replaces the text, unless the text already says it ("830" for 08:30).
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    if ((readPickerTime(text, { closing }) ?? text) !== value) setText(value);
  }

  return (
    <input
      type="text"
      inputMode="numeric"
      pattern={
        closing
          ? '(24(:?00)?|([01]?[0-9]|2[0-3])([:.,]?[0-5][0-9])?)'
          : '([01]?[0-9]|2[0-3])([:.,]?[0-5][0-9])?'
      }
      maxLength={5}
      autoComplete="off"
      spellCheck={false}
      placeholder={t('openingHours.picker.timePlaceholder')}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        const next = readPickerTime(typed, { closing }) ?? typed;
        setText(typed);
        setKnown(next);
        onChange(next);
      }}
      onBlur={() => {
        const read = readPickerTime(text, { closing });
        if (read) setText(read);
        onBlur();
      }}
      className={`h-11 w-[5.5rem] rounded-md border bg-white px-2 text-center text-base tabular-nums text-gray-900 focus-visible:border-blue-700 sm:text-sm ${
        invalid ? 'border-red-600' : 'border-gray-400'
      }`}
    />
  );
}
