import { resetRequirements } from '#shared/rules/password.ts';
import { CheckCircleIcon } from '#web/components/ui/icons.tsx';
import { cn } from '#web/lib/cn.ts';

/** SPEC.md §5 'Password reset' rule, ticked off as the member types (reset page and settings). */
export function PasswordRequirements({ password }: { password: string }) {
  return (
    <ul className="grid gap-1.5 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {resetRequirements(password).map((r) => (
        <li
          key={r.key}
          className={cn('flex items-center gap-2', r.met ? 'text-emerald-700' : 'text-ink-500')}
        >
          {r.met ? (
            <CheckCircleIcon className="size-4 shrink-0" />
          ) : (
            <span className="mx-1 size-2 shrink-0 rounded-full bg-ink-300" aria-hidden="true" />
          )}
          <span>
            {r.label}
            <span className="sr-only">{r.met ? ' (met)' : ' (not met)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
