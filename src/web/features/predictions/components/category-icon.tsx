import { Icon } from '#web/components/ui/icons.tsx';
import type { ReactNode, SVGProps } from 'react';

// Category icons as inline strokes (24×24, currentColor), so they look the same everywhere
// (emoji depend on the fonts installed). Decorative: the category name is always next to them.
const PATHS: Record<string, ReactNode> = {
  Politics: <path d="M3 21h18M5 21V10M9.5 21V10M14.5 21V10M19 21V10M2.5 10L12 4l9.5 6z" />,
  Economy: <path d="M3 17l5-5 4 4 8-8M15 8h5v5" />,
  Environment: (
    <>
      <path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15" />
      <path d="M5 19l7-7" />
    </>
  ),
  Technology: (
    <>
      <rect x="4" y="5" width="16" height="11" rx="1.5" />
      <path d="M2 19h20M10 19h4" />
    </>
  ),
  Sports: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3v18M3 12h18M5.6 5.6c3.5 3.5 3.5 9.3 0 12.8M18.4 5.6c-3.5 3.5-3.5 9.3 0 12.8" />
    </>
  ),
  Entertainment: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="1.5" />
      <path d="M3 10h18M7 6l2 4M12 6l2 4M17 6l2 4" />
    </>
  ),
  Healthcare: (
    <>
      <path d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" />
      <path d="M12 9v5M9.5 11.5h5" />
    </>
  ),
  Society: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.5 3.3-5.5 6.5-5.5s5.9 2 6.5 5.5M16 4.6a3.5 3.5 0 010 6.8M18.5 14.8c1.7.8 2.8 2.6 3 5.2" />
    </>
  ),
  Futurecast: <path d="M4 17l5-6 4 3 7-8M17 6h3v3" />,
  Other: (
    <>
      <path d="M12 3l1.8 4.7 4.7 1.8-4.7 1.8L12 16l-1.8-4.7-4.7-1.8 4.7-1.8z" />
      <path d="M19 15l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z" />
    </>
  ),
};

export function CategoryIcon({
  category,
  className = 'size-4',
  ...rest
}: { category: string } & SVGProps<SVGSVGElement>) {
  return (
    <Icon className={className} {...rest}>
      {PATHS[category] ?? <path d="M3 12V4h8l10 10-8 8zM7.5 8.5h.01" />}
    </Icon>
  );
}
