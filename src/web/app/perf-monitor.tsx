import { useEffect, useState } from 'react';
import type { Metric } from 'web-vitals';
import { cn } from '#web/lib/cn.ts';

type Name = 'LCP' | 'INP' | 'CLS' | 'TTFB';
const ORDER: Name[] = ['LCP', 'INP', 'CLS', 'TTFB'];

const ratingClass: Record<Metric['rating'], string> = {
  good: 'text-emerald-300',
  'needs-improvement': 'text-amber-300',
  poor: 'text-red-300',
};

function format(metric: Metric): string {
  return metric.name === 'CLS' ? metric.value.toFixed(3) : `${Math.round(metric.value)} ms`;
}

/** A small fixed overlay with the page's Core Web Vitals; web-vitals is loaded only when it mounts. */
export default function PerfMonitor() {
  const [metrics, setMetrics] = useState<Partial<Record<Name, Metric>>>({});
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => {
    let active = true;
    const report = (metric: Metric) => {
      if (active) setMetrics((current) => ({ ...current, [metric.name]: metric }));
    };
    void import('web-vitals').then(({ onCLS, onINP, onLCP, onTTFB }) => {
      const options = { reportAllChanges: true };
      onLCP(report, options);
      onINP(report, options);
      onCLS(report, options);
      onTTFB(report, options);
    });
    return () => {
      active = false;
    };
  }, []);

  return (
    <aside
      aria-label="Performance monitor"
      className="fixed right-3 bottom-3 z-40 rounded-xl bg-ink-950/90 px-3 py-2 font-mono text-xs text-ink-100 shadow-lg ring-1 ring-white/10 backdrop-blur"
    >
      <button
        type="button"
        onClick={() => setCollapsed((c) => !c)}
        aria-expanded={!collapsed}
        className="flex w-full items-center justify-between gap-4 font-sans text-[11px] font-semibold tracking-wide text-ink-300 uppercase"
      >
        Web vitals <span aria-hidden="true">{collapsed ? '+' : '–'}</span>
      </button>
      {collapsed ? null : (
        <dl className="mt-1.5 grid grid-cols-[auto_auto] gap-x-4 gap-y-0.5">
          {ORDER.map((name) => {
            const metric = metrics[name];
            return (
              <div key={name} className="contents">
                <dt className="text-ink-400">{name}</dt>
                <dd className={cn('text-right', metric ? ratingClass[metric.rating] : 'text-ink-500')}>
                  {metric ? format(metric) : '…'}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </aside>
  );
}
