import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { CheckCircleIcon, ErrorIcon, InfoIcon } from '#web/components/ui/icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';

type FieldTone = 'neutral' | 'checking' | 'success' | 'error';

export interface FieldMessage {
  tone: FieldTone;
  text: string;
}

const inputClass =
  'block h-11 w-full rounded-lg bg-white px-3.5 text-base text-ink-900 shadow-sm ring-1 ring-inset placeholder:text-ink-400 focus:outline-none focus:ring-2 focus:ring-brand-600 disabled:bg-ink-50 disabled:text-ink-500 sm:text-sm';

const ringByTone: Record<FieldTone, string> = {
  neutral: 'ring-ink-300',
  checking: 'ring-ink-300',
  success: 'ring-emerald-400',
  error: 'ring-red-400',
};

/** The line under a field: a live status so screen readers hear availability results. */
export function FieldStatus({ id, message }: { id: string; message: FieldMessage | null }) {
  if (!message) return <p id={id} className="sr-only" aria-live="polite" />;
  const { tone, text } = message;
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn(
        'mt-2 flex items-center gap-1.5 text-sm',
        tone === 'error' && 'text-red-700',
        tone === 'success' && 'text-emerald-700',
        (tone === 'neutral' || tone === 'checking') && 'text-ink-600',
      )}
    >
      {tone === 'checking' ? <Spinner size="sm" label={null} className="text-brand-600" /> : null}
      {tone === 'error' ? <ErrorIcon className="size-4 shrink-0" /> : null}
      {tone === 'success' ? <CheckCircleIcon className="size-4 shrink-0" /> : null}
      {tone === 'neutral' ? <InfoIcon className="size-4 shrink-0" /> : null}
      <span>{text}</span>
    </p>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  message?: FieldMessage | null;
  hint?: ReactNode;
  /** Content placed at the right edge inside the input (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, message = null, hint, trailing, className, ...input }: TextFieldProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-500">
          {hint}
        </p>
      ) : null}
      <div className="relative mt-2">
        <input
          id={id}
          aria-invalid={message?.tone === 'error' || undefined}
          aria-describedby={cn(hint ? hintId : undefined, statusId)}
          className={cn(inputClass, ringByTone[message?.tone ?? 'neutral'], Boolean(trailing) && 'pr-20')}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div> : null}
      </div>
      <FieldStatus id={statusId} message={message} />
    </div>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {}

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          className="rounded-md px-2.5 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 rounded border-ink-300 text-brand-600 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <label htmlFor={id} className="text-sm text-ink-700">
        {label}
      </label>
    </div>
  );
}
