import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';

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
              navigate('/signup');
            }}
          >
            Create Account
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              navigate('/login');
            }}
          >
            Go to Login
          </Button>
        </>
      }
    />
  );
}
