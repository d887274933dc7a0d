import { useState } from 'react';
import { passwordProblem } from '../../../contract';
import { TextInput } from '../../components/ui/field';

export interface NewPassword {
  password: string;
  repeated: string;
}

/** The new password's problem (the contract's rule, then the repetition), or null. */
export function newPasswordProblem(value: NewPassword, username: string): { field: keyof NewPassword; message: string } | null {
  const problem = passwordProblem(value.password, username);
  if (problem) return { field: 'password', message: problem };
  if (value.password !== value.repeated) return { field: 'repeated', message: 'Las contraseñas no coinciden' };
  return null;
}

/** "Contraseña nueva" and "Repite la contraseña", with the rule as a hint. */
export function NewPasswordFields({ value, onChange, errors, autoFocus }: { value: NewPassword; onChange: (value: NewPassword) => void; errors: Partial<Record<keyof NewPassword, string>>; autoFocus?: boolean }) {
  return (
    <>
      <TextInput
        label="Contraseña nueva"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        hint="Al menos 10 caracteres, y distinta de tu usuario."
        error={errors.password}
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
      />
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

/** The fields' state and their errors, shared by the account page and "Mi cuenta". */
export function useNewPassword() {
  const [value, setValue] = useState<NewPassword>({ password: '', repeated: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPassword, string>>>({});
  return { value, setValue, errors, setErrors };
}
