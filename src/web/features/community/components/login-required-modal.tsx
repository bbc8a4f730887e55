import { useLocation, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { withReturnPath } from '#web/lib/return-path.ts';

// SPEC.md §2: shown when a guest tries to like, dislike, comment or open comments. Loaded on
// first use, so the dialog library is not part of the home page's first download.
export default function LoginRequiredModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // After signing in (or registering), the member comes back here, not to the dashboard.
  const here = `${pathname}${search}${hash}`;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Login Required"
      description="Sign in to like, dislike and comment on community predictions. New here? Creating an account takes a minute."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              onOpenChange(false);
              navigate(withReturnPath('/signup', here));
            }}
          >
            Create Account
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              navigate(withReturnPath('/login', here));
            }}
          >
            Go to Login
          </Button>
        </>
      }
    />
  );
}
