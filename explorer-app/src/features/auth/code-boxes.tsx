import { Group, TextInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';

export const CODE_LENGTH = 4;
const SLOTS = ['first', 'second', 'third', 'fourth'] as const;

/** Four single-digit boxes: digits only, paste of a whole code, arrow and backspace navigation. */
export function CodeBoxes({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => inputs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();

  function setDigit(index: number, raw: string) {
    const digit = raw.replace(/\D/g, '').slice(-1);
    const next = [...value];
    next[index] = digit;
    onChange(next);
    if (digit && index < CODE_LENGTH - 1) focus(index + 1);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, CODE_LENGTH);
    if (!digits) return;
    event.preventDefault();
    onChange(Array.from({ length: CODE_LENGTH }, (_, i) => digits[i] ?? ''));
    focus(digits.length);
  }

  return (
    <Group justify="center" gap="sm" role="group" aria-label={t('verify.codeLabel')}>
      {SLOTS.map((slot, index) => (
        <TextInput
          key={slot}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          aria-label={t('verify.digit', { n: index + 1 })}
          value={value[index] ?? ''}
          onChange={(event) => setDigit(index, event.currentTarget.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          disabled={disabled}
          w={56}
          styles={{ input: { textAlign: 'center', fontSize: 24, height: 56 } }}
        />
      ))}
    </Group>
  );
}
