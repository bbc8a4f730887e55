import { cn } from '#web/lib/cn.ts';

/** The Futurecast mark (a rising line reaching a point), the same drawing as public/favicon.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-8', className)}>
      <defs>
        <linearGradient id="futurecast-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#futurecast-mark)" />
      <path
        d="M14 44 L26 32 L34 38 L50 20"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="20" r="5" fill="#fde68a" />
    </svg>
  );
}
