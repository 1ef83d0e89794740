// A date and time typed as text ("2024-03-01" or "2024-03-01 14:30"), with a calendar button:
// two Tab stops instead of the seven of a datetime-local field, and a calendar button with the
// design system's focus ring. The calendar is the browser's own date picker (showPicker()).
import { useRef } from 'react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Button } from './ui.js';
import { lineIcon } from './icons.js';
import './ui.css';
import { useT } from './i18n.js';

const CALENDAR = lineIcon(
  <path d="M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5zM4 10h16M8.5 3v4M15.5 3v4" />,
  18,
);

/** The text field and its calendar button. `label` names the field in the button's name. */
export function DateTimeInput(
  props: Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'onChange' | 'type'> & {
    value: string;
    onChange(value: string): void;
    label: string;
    testId?: string;
  },
): ReactNode {
  const { value, onChange, label, testId, className, ...control } = props;
  const picker = useRef<HTMLInputElement>(null);
  const t = useT();
  const open = (): void => {
    const input = picker.current;
    if (!input) return;
    input.value = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? '';
    try {
      input.showPicker();
    } catch {
      input.focus(); // a browser without showPicker: the date field itself
    }
  };
  return (
    <span className="date-time-input">
      <input
        {...control}
        className={className ?? 'input'}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('common.dateTimePlaceholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      <Button
        variant="secondary"
        size="sm"
        className="date-time-calendar"
        onClick={open}
        aria-label={t('common.calendarLabel', { label })}
        data-testid={testId ? `${testId}-calendar` : undefined}
      >
        {CALENDAR}
      </Button>
      <input
        ref={picker}
        type="date"
        className="date-time-picker"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const day = e.target.value;
          if (day) onChange(`${day} ${/\d{2}:\d{2}/.exec(value)?.[0] ?? '00:00'}`);
        }}
      />
    </span>
  );
}
