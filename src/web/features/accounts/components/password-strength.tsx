import { type PasswordStrength, passwordStrength } from '#shared/rules/password.ts';
import { cn } from '#web/lib/cn.ts';

const barColor: Record<PasswordStrength['level'], string> = {
  weak: 'bg-red-500',
  medium: 'bg-amber-500',
  strong: 'bg-emerald-500',
};
const textColor: Record<PasswordStrength['level'], string> = {
  weak: 'text-red-700',
  medium: 'text-amber-800',
  strong: 'text-emerald-700',
};
const label: Record<PasswordStrength['level'], string> = { weak: 'Weak', medium: 'Medium', strong: 'Strong' };

/** SPEC.md §5 strength meter: five points, weak under 3, medium at 3, strong at 4 or 5. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div className="mt-3" aria-live="polite">
      <div className="flex items-center gap-3">
        <div className="flex flex-1 gap-1.5" aria-hidden="true">
          {[1, 2, 3, 4, 5].map((i) => (
            <span
              key={i}
              className={cn(
                'h-1.5 flex-1 rounded-full',
                i <= strength.score ? barColor[strength.level] : 'bg-ink-200',
              )}
            />
          ))}
        </div>
        <span className={cn('text-xs font-semibold', textColor[strength.level])}>
          <span className="sr-only">Password strength: </span>
          {label[strength.level]}
          <span className="sr-only"> ({strength.score} of 5)</span>
        </span>
      </div>
      <p className={cn('mt-2 text-sm', strength.valid ? textColor[strength.level] : 'text-red-700')}>
        {strength.message}
      </p>
    </div>
  );
}
