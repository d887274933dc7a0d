import { useState } from 'react';
import { passwordProblem, type PasswordOwner } from '../../../contract';
import type { PasswordVerdict } from '../../../contract/password-strength';
import { TextInput } from '../../components/ui/field';
import { PasswordStrengthMeter, usePasswordVerdict } from './password-strength';

export interface NewPassword {
  password: string;
  repeated: string;
}

type NewPasswordErrors = Partial<Record<keyof NewPassword, string>>;

/** "Contraseña nueva" with its strength meter, and "Repite la contraseña". */
export function NewPasswordFields({
  value,
  onChange,
  errors,
  verdict,
  autoFocus,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  errors: NewPasswordErrors;
  verdict: PasswordVerdict | undefined;
  autoFocus?: boolean;
}) {
  return (
    <>
      <div className="space-y-2">
        <TextInput
          label="Contraseña nueva"
          type="password"
          autoComplete="new-password"
          autoFocus={autoFocus}
          hint="Al menos 10 caracteres y difícil de adivinar: mejor varias palabras poco comunes, sin tu nombre."
          error={errors.password}
          value={value.password}
          onChange={(e) => onChange({ ...value, password: e.target.value })}
        />
        <PasswordStrengthMeter verdict={verdict} showAdvice={!errors.password} />
      </div>
      <TextInput
        label="Repite la contraseña"
        type="password"
        autoComplete="new-password"
        error={errors.repeated}
        value={value.repeated}
        onChange={(e) => onChange({ ...value, repeated: e.target.value })}
      />
    </>
  );
}

/**
 * The fields' state, the rule's verdict as the person types (contract/password-strength.ts, loaded
 * lazily) and `check`, which sets the errors before a submit: the rule (its cheap part until the
 * library has loaded; the server applies the whole of it anyway), then the repetition.
 */
export function useNewPassword(owner: PasswordOwner) {
  const [value, setValue] = useState<NewPassword>({ password: '', repeated: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const verdict = usePasswordVerdict(value.password, owner);
  const check = (): boolean => {
    const problem = verdict?.problem ?? passwordProblem(value.password, owner.username);
    const found: NewPasswordErrors = problem ? { password: problem } : value.password !== value.repeated ? { repeated: 'Las contraseñas no coinciden' } : {};
    setErrors(found);
    return !found.password && !found.repeated;
  };
  return { value, setValue, errors, setErrors, verdict, check };
}
