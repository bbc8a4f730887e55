import { isValidEmail, normalizeEmail } from '#shared/rules/validation.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { MailIcon } from '#web/components/ui/icons.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { forgotPassword } from '../api/forgot-password';
import { forgotFailure, isSentMessage, UI } from '../messages';
import { TextField } from './fields';

/** SPEC.md §9: the 'Email Sent!' animation lasts 3 s before the message. */
const EMAIL_SENT_ANIMATION_MS = 3000;

type Phase = { name: 'form' } | { name: 'sent-animation' } | { name: 'done' };

/** SPEC.md §2 mode (g): the forgot-password modal. */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (phase.name !== 'sent-animation') return;
    const timer = setTimeout(() => {
      setMessage(UI.forgotSent);
      setPhase({ name: 'done' });
    }, EMAIL_SENT_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (open) return;
    setEmail('');
    setMessage(null);
    setPhase({ name: 'form' });
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (!email.trim()) {
      setMessage(UI.forgotEmailRequired);
      return;
    }
    if (!isValidEmail(email)) {
      setMessage('Please enter a valid email address');
      return;
    }
    setBusy(true);
    try {
      await forgotPassword(normalizeEmail(email));
      setPhase({ name: 'sent-animation' });
    } catch (err) {
      setMessage(forgotFailure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Forgot Password"
      initialFocus={emailRef}
      description={
        phase.name === 'form'
          ? 'Enter the email address of your account and we will send you a link to choose a new password.'
          : undefined
      }
    >
      {phase.name === 'sent-animation' ? (
        <div className="py-6 text-center" role="status">
          <div className="relative mx-auto grid size-16 place-items-center">
            <span
              className="absolute inset-0 rounded-full bg-brand-100 motion-safe:animate-ping"
              aria-hidden="true"
            />
            <span className="relative grid size-16 place-items-center rounded-full bg-brand-600 text-white">
              <MailIcon className="size-8" />
            </span>
          </div>
          <p className="mt-6 text-xl font-bold text-ink-900">Email Sent!</p>
        </div>
      ) : null}
      {phase.name === 'done' ? (
        <div>
          {message ? <Alert variant={isSentMessage(message) ? 'success' : 'error'}>{message}</Alert> : null}
          <p className="mt-4 text-sm leading-relaxed text-ink-600">
            The link works once and expires in 30 minutes. Check your spam folder if it does not arrive.
          </p>
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Back to Sign In
            </Button>
          </div>
        </div>
      ) : null}
      {phase.name === 'form' ? (
        <form onSubmit={submit} noValidate className="space-y-5">
          <TextField
            ref={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {message ? <Alert variant={isSentMessage(message) ? 'success' : 'error'}>{message}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} loadingText="Sending...">
              Send Reset Link
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
