import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useReducedMotion } from '#web/lib/use-reduced-motion.ts';

// SPEC.md §2 and §9: 'Join & Predict' cycles every 2 s through nine languages. Every label sits
// in the same grid cell, so the button keeps the size of the widest and nothing shifts; the
// accessible name stays 'Join & Predict' (an announcement every 2 s would be noise).
const JOIN_PREDICT: { lang: string; text: string; dir?: 'rtl' }[] = [
  { lang: 'en', text: 'Join & Predict' },
  { lang: 'fr', text: 'Rejoignez & Prédisez' },
  { lang: 'de', text: 'Mitmachen & Vorhersagen' },
  { lang: 'es', text: 'Únete y Predice' },
  { lang: 'it', text: 'Unisciti e Prevedi' },
  { lang: 'pt', text: 'Junte-se e Preveja' },
  { lang: 'fa', text: 'بپیوندید و پیش‌بینی کنید', dir: 'rtl' },
  { lang: 'zh', text: '加入并预测' },
  { lang: 'ru', text: 'Присоединяйтесь и прогнозируйте' },
];
const LANGUAGE_CYCLE_MS = 2_000;

export function JoinPredictButton() {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (reduced) {
      setIndex(0);
      return;
    }
    const timer = setInterval(() => setIndex((i) => (i + 1) % JOIN_PREDICT.length), LANGUAGE_CYCLE_MS);
    return () => clearInterval(timer);
  }, [reduced]);
  return (
    <Link
      // Joining is creating an account: the account page in registration mode.
      to="/signup"
      aria-label="Join & Predict"
      data-testid="join-predict"
      className={buttonClasses({
        variant: 'light',
        size: 'lg',
        className: 'h-auto min-h-12 whitespace-normal py-2',
      })}
    >
      <span className="grid text-center" aria-hidden="true">
        {JOIN_PREDICT.map((l, i) => (
          <span
            key={l.lang}
            lang={l.lang}
            dir={l.dir ?? 'ltr'}
            data-active={i === index ? 'true' : undefined}
            className={cn('col-start-1 row-start-1', i === index ? 'visible' : 'invisible')}
          >
            {l.text}
          </span>
        ))}
      </span>
    </Link>
  );
}
