/** What the live region says for a form refused on the device: each field's problem, in order. */
export function problemsText(problems: Partial<Record<string, string>>): string {
  return Object.values(problems).filter(Boolean).join('. ');
}

/** Puts the cursor in the first field marked invalid, once the marks are rendered. */
export function focusFirstInvalid(form: HTMLFormElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
