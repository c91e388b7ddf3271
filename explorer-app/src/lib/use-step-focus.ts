import { useEffect, useRef } from 'react';

/**
 * Moves focus into a screen's new step when `step` changes: to the step's `[data-autofocus]` field, else to the
 * element holding the steps (give it tabIndex={-1}). A field's data-autofocus acts only when a focus trap starts (a
 * modal opening); a step that replaces the focused form later would leave focus on the page's body, where keyboard
 * and screen reader users lose their place. Nothing moves on the first render.
 */
export function useStepFocus<T extends HTMLElement>(step: string) {
  const holder = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const node = holder.current;
    (node?.querySelector<HTMLElement>('[data-autofocus]') ?? node)?.focus();
  }, [step]);
  return holder;
}
