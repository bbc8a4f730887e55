import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { CloseIcon, MenuIcon, SettingsIcon } from '#web/components/ui/icons.tsx';
import { LogoMark } from '#web/components/ui/logo.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useAuth } from './auth-provider';

interface Entry {
  to: string;
  label: string;
  end?: boolean;
}

const ENTRIES: Entry[] = [
  { to: '/', label: 'Home', end: true },
  // The one entry beyond SPEC.md §2's: the community list (issue 25).
  { to: '/predictions', label: 'Explore' },
  { to: '/submit', label: 'Submit' },
  { to: '/analytics', label: 'Analytics' },
];

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-600 hover:bg-ink-100 hover:text-ink-900',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-3 text-base font-medium',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-ink-100',
  );

function LogoutButton({ className, onDone }: { className: string; onDone?: () => void }) {
  const { logout } = useAuth();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={pending}
      onClick={() => {
        setPending(true);
        onDone?.();
        // Logout from the navbar lands on /login (SPEC.md §2); the page reloads.
        void logout('/login');
      }}
    >
      {pending ? <Spinner size="sm" label="Signing out" /> : null}
      Logout
    </button>
  );
}

/** Where the account entries go while the member's profile loads: the same width, a spinner. */
function AccountPending({ className }: { className: string }) {
  return (
    <li className={className}>
      <Spinner size="sm" label="Loading your account" className="text-brand-600" />
    </li>
  );
}

/**
 * The navigation shell of SPEC.md §2: Home, Explore, Submit, Analytics, then Login or My Account
 * (with its Settings) + Logout.
 */
export function NavBar() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // A navigation closes the menu.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !toggleRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-ink-200/70 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link to="/" className="flex items-center gap-2.5 rounded-lg" aria-label="Futurecast home">
          <LogoMark className="size-8" />
          <span className="text-lg font-bold tracking-tight text-ink-900">Futurecast</span>
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} end={entry.end} className={desktopLink}>
                {entry.label}
              </NavLink>
            </li>
          ))}
          <li aria-hidden="true" className="mx-2 h-6 w-px bg-ink-200" />
          {status === 'loading' ? (
            <AccountPending className="flex h-9 w-[12.875rem] items-center justify-center lg:w-[16.5rem]" />
          ) : signedIn ? (
            <>
              <li>
                <NavLink to="/login" className={desktopLink}>
                  My Account
                </NavLink>
              </li>
              <li>
                <NavLink to="/settings" className={desktopLink} aria-label="Settings">
                  <SettingsIcon className="size-5 lg:hidden" />
                  <span className="max-lg:hidden">Settings</span>
                </NavLink>
              </li>
              <li>
                <LogoutButton
                  className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'ml-1' })}
                />
              </li>
            </>
          ) : (
            <li>
              <NavLink
                to="/login"
                className={({ isActive }) =>
                  buttonClasses({
                    variant: 'primary',
                    size: 'sm',
                    className: cn('ml-1', isActive && 'bg-brand-700'),
                  })
                }
              >
                Login
              </NavLink>
            </li>
          )}
        </ul>

        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 grid size-11 place-items-center rounded-lg text-ink-700 hover:bg-ink-100 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>
      </nav>

      <div
        ref={panelRef}
        id={menuId}
        hidden={!open}
        className="border-t border-ink-200/70 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden motion-safe:animate-fade-in"
      >
        <ul className="flex flex-col gap-1">
          {ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} end={entry.end} className={mobileLink}>
                {entry.label}
              </NavLink>
            </li>
          ))}
          {status === 'loading' ? (
            <AccountPending className="mt-2 flex h-12 items-center justify-center border-t border-ink-100 pt-3" />
          ) : signedIn ? (
            <>
              <li>
                <NavLink to="/login" className={mobileLink}>
                  My Account
                </NavLink>
              </li>
              <li>
                <NavLink to="/settings" className={mobileLink}>
                  Settings
                </NavLink>
              </li>
              <li className="mt-2 border-t border-ink-100 pt-3">
                <LogoutButton
                  className={buttonClasses({ variant: 'secondary', size: 'lg', fullWidth: true })}
                  onDone={() => setOpen(false)}
                />
              </li>
            </>
          ) : (
            <li className="mt-2 border-t border-ink-100 pt-3">
              <NavLink
                to="/login"
                className={buttonClasses({ variant: 'primary', size: 'lg', fullWidth: true })}
              >
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </div>
    </header>
  );
}
