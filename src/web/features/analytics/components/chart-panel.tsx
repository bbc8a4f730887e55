import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Card } from '#web/components/ui/card.tsx';

interface ChartTable {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

export interface ChartPanelProps {
  title: string;
  /** A one-sentence reading of the chart: also the canvas's accessible name. */
  summary: ReactNode;
  /** The chart's numbers as a table, behind a toggle, so they are reachable without the canvas. */
  table: ChartTable;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * True once the element comes within a screen of the viewport. Building a chart is the page's
 * costliest task (most of its blocking time on a phone), so charts below the fold are built when
 * the reader scrolls towards them, each in its own task, instead of all in the first one.
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

export function ChartPanel({ title, summary, table, children, className, testId }: ChartPanelProps) {
  const [showTable, setShowTable] = useState(false);
  const [chartBox, near] = useNearViewport<HTMLDivElement>();
  const id = useId();
  const headingId = `${id}-title`;
  const tableId = `${id}-table`;
  return (
    <Card as="section" aria-labelledby={headingId} className={className} data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-ink-900">
          {title}
        </h3>
        <button
          type="button"
          className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide data table' : 'Show data table'}
        </button>
      </div>
      <p className="mt-1 text-sm leading-relaxed text-ink-600">{summary}</p>
      <div ref={chartBox} className="relative mt-4 h-64 sm:h-72">
        {near ? children : null}
      </div>
      {/* Scrollable, so focusable: keyboard users can scroll a long table. */}
      <section
        id={tableId}
        hidden={!showTable}
        className="mt-4 max-h-72 overflow-auto"
        aria-label={table.caption}
        tabIndex={showTable ? 0 : -1}
      >
        {showTable ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{table.caption}</caption>
            <thead className="sticky top-0 bg-white text-ink-600">
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="border-b border-ink-200 py-1.5 pr-3 font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="text-ink-800 tabular-nums">
              {table.rows.map((row, i) => (
                <tr key={i} className="border-b border-ink-100 last:border-0">
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={table.columns[j]} scope="row" className="py-1 pr-3 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={table.columns[j]} className="py-1 pr-3">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </Card>
  );
}
