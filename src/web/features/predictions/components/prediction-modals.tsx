import type { FlagReasoning, MemberPrediction } from '#shared/schemas/predictions.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Modal, ModalClose } from '#web/components/ui/modal.tsx';
import { type QualityLevel, qualityLevel } from '../lib/display';

const SEVERITY: Record<FlagReasoning['severity'], BadgeVariant> = {
  low: 'info',
  medium: 'warning',
  high: 'danger',
};
const LEVEL: Record<QualityLevel, { variant: BadgeVariant; text: string }> = {
  high: { variant: 'success', text: 'High' },
  medium: { variant: 'warning', text: 'Medium' },
  low: { variant: 'danger', text: 'Low' },
};

const GENERAL_TIPS = [
  'Name one specific, checkable outcome.',
  'Add a date or a time frame ("by the end of 2028").',
  'Include a number or threshold that shows whether it came true.',
  'Commit to it: drop hedges such as "maybe" or "might".',
];

const humanize = (code: string) => code.replaceAll('_', ' ');

function FlagDetails({ reasoning }: { reasoning: FlagReasoning }) {
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl bg-amber-50 p-4 text-sm ring-1 ring-amber-200 sm:grid-cols-4">
      <div className="col-span-2">
        <dt className="text-xs font-semibold tracking-wide text-amber-900 uppercase">Reason</dt>
        <dd className="mt-0.5 text-ink-900">{reasoning.reason}</dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-amber-900 uppercase">Severity</dt>
        <dd className="mt-1">
          <Badge variant={SEVERITY[reasoning.severity]}>{reasoning.severity}</Badge>
        </dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-amber-900 uppercase">Category</dt>
        <dd className="mt-1 text-ink-900 capitalize">{humanize(reasoning.category)}</dd>
      </div>
      <div className="col-span-full">
        <dt className="text-xs font-semibold tracking-wide text-amber-900 uppercase">Detailed explanation</dt>
        <dd className="mt-0.5 text-ink-800">{reasoning.detailed_explanation}</dd>
      </div>
    </dl>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-sm font-semibold text-ink-900">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** The reason a prediction was flagged, opened from its 'Flagged' badge. */
export function FlagReasonModal({
  prediction,
  open,
  onOpenChange,
}: {
  prediction: MemberPrediction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reasoning = prediction.flag_reasoning;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Why this prediction was flagged"
      description={prediction.flag_reason ?? 'This prediction was flagged for review.'}
      footer={
        <ModalClose asChild>
          <Button variant="secondary">Close</Button>
        </ModalClose>
      }
    >
      {reasoning ? (
        <>
          <FlagDetails reasoning={reasoning} />
          <Section title="How to fix it">
            <ul className="list-disc space-y-1 pl-5 text-sm text-ink-700">
              {reasoning.improvement_tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </Section>
        </>
      ) : null}
    </Modal>
  );
}

/** SPEC.md §2 'Quality Analysis': score, status, flag reasoning, tips, suggestions. */
export function QualityModal({
  prediction,
  open,
  onOpenChange,
}: {
  prediction: MemberPrediction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const score = prediction.reliability_score ?? 0;
  const level = LEVEL[qualityLevel(score)];
  const reasoning = prediction.flag_reasoning;
  const tips = reasoning?.improvement_tips.length ? reasoning.improvement_tips : GENERAL_TIPS;
  const reasons = prediction.analysis_result.reasons.filter((r) => r.effect !== 0 && r.code !== 'base');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Quality Analysis"
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary">Close</Button>
          </ModalClose>
          <ButtonLink
            to="/submit"
            state={{
              refill: {
                text: prediction.prediction_text,
                categories: prediction.categories,
                isPublic: prediction.visibility,
              },
            }}
          >
            Create Better Prediction
          </ButtonLink>
        </>
      }
    >
      <p
        dir="auto"
        className="rounded-xl bg-ink-50 p-3 text-sm leading-relaxed text-ink-800 ring-1 ring-ink-200"
      >
        {prediction.prediction_text}
      </p>
      <dl className="mt-5 flex flex-wrap items-end gap-x-8 gap-y-3">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Quality score</dt>
          <dd className="text-4xl font-bold text-ink-900 tabular-nums">{score}%</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Status</dt>
          <dd className="mt-1">
            <Badge variant={level.variant} size="md">
              {level.text}
            </Badge>
          </dd>
        </div>
      </dl>

      {reasoning ? (
        <Section title="Flag reasoning">
          <FlagDetails reasoning={reasoning} />
        </Section>
      ) : null}

      <Section title="Why this score">
        {reasons.length ? (
          <ul className="divide-y divide-ink-100 text-sm">
            {reasons.map((r) => (
              <li key={`${r.code}-${r.label}`} className="flex justify-between gap-4 py-1.5">
                <span className="text-ink-700">{r.label}</span>
                <span
                  className={r.effect > 0 ? 'font-semibold text-emerald-700' : 'font-semibold text-red-700'}
                >
                  {r.effect > 0 ? '+' : '−'}
                  {Math.abs(r.effect)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-700">
            Nothing in the text moved the score up or down: it is the analysis's starting score.
          </p>
        )}
      </Section>

      <Section title="Improvement tips">
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink-700">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Section>

      {prediction.suggestions.length ? (
        <Section title="Suggestions">
          <ul className="space-y-2">
            {prediction.suggestions.map((s) => (
              <li key={s.title} className="flex gap-3 rounded-xl p-3 ring-1 ring-ink-200">
                <span aria-hidden="true" className="text-xl">
                  {s.icon}
                </span>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink-900">
                    {s.title}
                    <Badge
                      variant={
                        s.priority === 'high' ? 'danger' : s.priority === 'medium' ? 'warning' : 'neutral'
                      }
                    >
                      {s.priority} priority
                    </Badge>
                  </p>
                  <p className="mt-0.5 text-sm text-ink-600">{s.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </Modal>
  );
}
