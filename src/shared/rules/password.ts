// SPEC.md §5 'Registration' (strength meter) and 'Password reset', §9 'Password' and 'Reset form'.
// Pure: the browser shows it as the user types, the server enforces the same rule.

const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Strength points out of 5 from which a registration password is valid (medium). */
const PASSWORD_MEDIUM_SCORE = 3;
/** Strength points from which a password is shown as strong. */
const PASSWORD_STRONG_SCORE = 4;

export const PASSWORD_MESSAGES = {
  weak: 'Password too weak - add more characters, numbers, or symbols',
  medium: 'Good password - consider adding symbols for extra security',
  strong: 'Strong password!',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  resetInvalid: 'Password does not meet requirements',
  mismatch: 'Passwords do not match',
} as const;

type PasswordLevel = 'weak' | 'medium' | 'strong';

export interface PasswordStrength {
  /** 0..5: one point each for length ≥ 8, a lowercase letter, an uppercase letter, a digit, a symbol. */
  score: number;
  level: PasswordLevel;
  valid: boolean;
  message: string;
}

interface PasswordChecks {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  symbol: boolean;
}

function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
  };
}

/** The registration strength rule: valid from 3 points, and never under 8 or over 128 characters. */
export function passwordStrength(password: string): PasswordStrength {
  const score = Object.values(passwordChecks(password)).filter(Boolean).length;
  const level: PasswordLevel =
    score >= PASSWORD_STRONG_SCORE ? 'strong' : score >= PASSWORD_MEDIUM_SCORE ? 'medium' : 'weak';
  if (level === 'weak') return { score, level, valid: false, message: PASSWORD_MESSAGES.weak };
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { score, level, valid: false, message: PASSWORD_MESSAGES.tooShort };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { score, level, valid: false, message: PASSWORD_MESSAGES.tooLong };
  }
  return { score, level, valid: true, message: PASSWORD_MESSAGES[level] };
}

export interface ResetRequirement {
  key: 'length' | 'uppercase' | 'lowercase' | 'digit';
  label: string;
  met: boolean;
}

/** The reset-page checklist: 8+ characters, an uppercase, a lowercase and a digit. */
export function resetRequirements(password: string): ResetRequirement[] {
  const c = passwordChecks(password);
  return [
    { key: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, met: c.length },
    { key: 'uppercase', label: 'One uppercase letter', met: c.uppercase },
    { key: 'lowercase', label: 'One lowercase letter', met: c.lowercase },
    { key: 'digit', label: 'One number', met: c.digit },
  ];
}

export function meetsResetRule(password: string): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && resetRequirements(password).every((r) => r.met);
}
