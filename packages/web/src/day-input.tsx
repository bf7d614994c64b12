import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay, maskDayInput, parseDayInput } from '@carewatch/i18n/datetime';

const shown = (v: string) => formatCalendarDay(v) || v;

/**
 * A calendar day typed as dd/MM/yyyy in every language (the browser's date control follows its own locale, and in
 * en-US shows mm/dd/yyyy: day and month got swapped in birthdays). `value` and `onValue` are YYYY-MM-DD as the API
 * wants; text that is not a real day yet is passed on as typed, so the form's validation names the field.
 */
export function DayInput({
  value,
  onValue,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange' | 'type'> & { value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => shown(value));
  // Follows changes from outside (a record loaded, the form reset), not the echo of what is being typed.
  useEffect(() => {
    setText((cur) => (cur === value || parseDayInput(cur) === value ? cur : shown(value)));
  }, [value]);
  return (
    <TextInput
      {...rest}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={t('common.dayPlaceholder')}
      onChange={(e) => {
        const masked = maskDayInput(e.currentTarget.value);
        setText(masked);
        onValue(parseDayInput(masked) ?? masked);
      }}
    />
  );
}
