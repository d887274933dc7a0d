import { useState, type FormEvent } from 'react';
import type { FieldProblems } from '../../../contract/player-input';
import { useAnnounce } from '../announcer';
import { focusFirstInvalid, problemsText } from './form-problems';

/**
 * A player form's submit: the device checks the values first (the server's own rules, zod-free);
 * problems are shown under their fields, announced, and the first invalid field takes the cursor.
 * Valid values are sent once at a time: a second press while sending does nothing.
 */
export function useCheckedSubmit<Field extends string>(problemsOf: () => FieldProblems<Field>, send: () => Promise<void>) {
  const [errors, setErrors] = useState<FieldProblems<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const announce = useAnnounce();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const found = problemsOf();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      announce(problemsText(found));
      focusFirstInvalid(form);
      return;
    }
    setSubmitting(true);
    try {
      await send();
    } finally {
      setSubmitting(false);
    }
  };
  return { errors, submitting, submit };
}
