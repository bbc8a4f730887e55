import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { type FieldMessage, PasswordField } from './fields';
import { PasswordRequirements } from './password-requirements';

/** A new password, its requirements and its confirmation: the reset page and the settings page. */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  passwordMessage = null,
}: {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** A problem with the new password itself (e.g. the same as the current one). */
  passwordMessage?: FieldMessage | null;
}) {
  const matches = confirm.length > 0 && password === confirm;
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        maxLength={128}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        message={passwordMessage}
      />
      <PasswordRequirements password={password} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        maxLength={128}
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
        message={
          confirm
            ? matches
              ? { tone: 'success', text: 'Passwords match' }
              : { tone: 'error', text: PASSWORD_MESSAGES.mismatch }
            : null
        }
      />
    </>
  );
}
