import { plural } from '#shared/rules/numbers.ts';
import type {
  AnalyticsDashboardReply,
  CommunityHealthReply,
  QualityVsLengthReply,
} from '#shared/schemas/analytics.ts';
import { QUALITY_TIERS } from '#shared/schemas/analytics.ts';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
} from 'chart.js';
import { Bar, Doughnut, Line, Scatter } from 'react-chartjs-2';
import { ChartPanel } from './chart-panel';
import { OKABE_ITO, seriesColor, TIER_COLORS, TIER_POINTS } from './palette';

// Chart.js is imported only here, and only the analytics route imports this file: its chunk
// loads with the page (docs/decisions/010-analytics.md).
ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
);
ChartJS.defaults.animation = false;
ChartJS.defaults.maintainAspectRatio = false;
ChartJS.defaults.color = '#475569';
ChartJS.defaults.font.family = 'inherit';

const fmt = (n: number) => n.toLocaleString();
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Days are UTC calendar days; labelled in the reader's language. */
const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

const countAxis = { beginAtZero: true, ticks: { precision: 0 } };

export function CategoryDistributionChart({
  data,
}: {
  data: AnalyticsDashboardReply['categoryDistribution'];
}) {
  const top = data[0];
  return (
    <ChartPanel
      title="Category Distribution"
      testId="chart-category-distribution"
      summary={
        top
          ? `${top.category} leads with ${fmt(top.count)} ${plural(top.count, 'prediction')} (${top.percentage}%). A prediction may carry up to three categories.`
          : 'No categories in this period.'
      }
      table={{
        caption: 'Predictions per category',
        columns: ['Category', 'Predictions', 'Share of predictions'],
        rows: data.map((d) => [d.category, fmt(d.count), `${d.percentage}%`]),
      }}
    >
      <Bar
        aria-label="Bar chart of predictions per category"
        role="img"
        data={{
          labels: data.map((d) => d.category),
          datasets: [
            {
              label: 'Predictions',
              data: data.map((d) => d.count),
              backgroundColor: data.map((_, i) => seriesColor(i)),
            },
          ],
        }}
        options={{ indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: countAxis } }}
      />
    </ChartPanel>
  );
}

export function UsersByCategoryChart({
  data,
}: {
  data: AnalyticsDashboardReply['userCategoryDistribution'];
}) {
  const top = data[0];
  return (
    <ChartPanel
      title="Users by Category"
      testId="chart-users-by-category"
      summary={
        top
          ? `${top.category} drew the most members: ${fmt(top.user_count)} ${plural(top.user_count, 'member')} published in it.`
          : 'No members published in this period.'
      }
      table={{
        caption: 'Distinct members per category',
        columns: ['Category', 'Members'],
        rows: data.map((d) => [d.category, fmt(d.user_count)]),
      }}
    >
      <Bar
        aria-label="Bar chart of distinct members per category"
        role="img"
        data={{
          labels: data.map((d) => d.category),
          datasets: [
            { label: 'Members', data: data.map((d) => d.user_count), backgroundColor: OKABE_ITO.green },
          ],
        }}
        options={{ plugins: { legend: { display: false } }, scales: { y: countAxis } }}
      />
    </ChartPanel>
  );
}

export function WeeklyActivityChart({ weekly }: { weekly: AnalyticsDashboardReply['weeklyActivity'] }) {
  const peak = weekly.data.indexOf(Math.max(...weekly.data));
  return (
    <ChartPanel
      title="Weekly Activity Pattern"
      testId="chart-weekly-activity"
      summary={
        weekly.total > 0
          ? `${weekly.labels[peak]} is the busiest weekday, with ${fmt(weekly.data[peak] ?? 0)} of ${fmt(weekly.total)} ${plural(weekly.total, 'prediction')} (UTC days).`
          : 'No predictions in this period.'
      }
      table={{
        caption: 'Predictions per weekday',
        columns: ['Weekday', 'Predictions'],
        rows: weekly.labels.map((l, i) => [l, fmt(weekly.data[i] ?? 0)]),
      }}
    >
      <Bar
        aria-label="Bar chart of predictions per weekday"
        role="img"
        data={{
          labels: weekly.labels.map((l) => l.slice(0, 3)),
          datasets: [{ label: 'Predictions', data: weekly.data, backgroundColor: OKABE_ITO.blue }],
        }}
        options={{ plugins: { legend: { display: false } }, scales: { y: countAxis } }}
      />
    </ChartPanel>
  );
}

export function DailyActivityChart({ daily }: { daily: AnalyticsDashboardReply['dailyActivity'] }) {
  const busiest = daily.reduce<(typeof daily)[number] | undefined>(
    (a, b) => (!a || b.predictions_count > a.predictions_count ? b : a),
    undefined,
  );
  return (
    <ChartPanel
      title="Daily Activity Timeline"
      testId="chart-daily-activity"
      className="lg:col-span-2"
      summary={
        busiest && busiest.predictions_count > 0
          ? `Predictions and active members per UTC day; the busiest day was ${formatDay(busiest.date)} with ${fmt(busiest.predictions_count)} ${plural(busiest.predictions_count, 'prediction')} from ${fmt(busiest.unique_users)} ${plural(busiest.unique_users, 'member')}.`
          : 'No predictions in this period.'
      }
      table={{
        caption: 'Predictions and active members per UTC day',
        columns: ['Day (UTC)', 'Predictions', 'Active users'],
        rows: daily.map((d) => [formatDay(d.date), fmt(d.predictions_count), fmt(d.unique_users)]),
      }}
    >
      <Line
        aria-label="Line chart of predictions and active users per day"
        role="img"
        data={{
          labels: daily.map((d) => formatDay(d.date)),
          datasets: [
            {
              label: 'Predictions',
              data: daily.map((d) => d.predictions_count),
              borderColor: OKABE_ITO.blue,
              backgroundColor: OKABE_ITO.blue,
              pointStyle: 'circle',
              pointRadius: daily.length > 60 ? 0 : 3,
              cubicInterpolationMode: 'monotone',
              order: 2,
            },
            {
              label: 'Active users',
              data: daily.map((d) => d.unique_users),
              borderColor: OKABE_ITO.orange,
              backgroundColor: OKABE_ITO.orange,
              borderDash: [6, 4],
              pointStyle: 'triangle',
              pointRadius: daily.length > 60 ? 0 : 4,
              cubicInterpolationMode: 'monotone',
              // Drawn on top: with one prediction per member the two lines coincide.
              order: 1,
            },
          ],
        }}
        options={{
          interaction: { mode: 'index', intersect: false },
          plugins: { legend: { position: 'bottom' } },
          scales: { y: countAxis, x: { ticks: { maxTicksLimit: 10, autoSkip: true } } },
        }}
      />
    </ChartPanel>
  );
}

export function QualityHealthChart({ health }: { health: CommunityHealthReply }) {
  const { summary } = health;
  return (
    <ChartPanel
      title="Community Quality Health"
      testId="chart-quality-health"
      summary={
        summary.overall_health_score === null
          ? 'No scored predictions in this period.'
          : `Health score ${summary.overall_health_score} of 100 (${summary.health_label}): the mean quality score of ${fmt(summary.scored_predictions)} scored ${plural(summary.scored_predictions, 'prediction')}. Tiers: High 80+, Good 60+, Fair 40+.`
      }
      table={{
        caption: 'Scored predictions per quality tier',
        columns: ['Tier', 'Predictions', 'Share'],
        rows: health.data.map((d) => [d.tier, fmt(d.count), `${d.percentage}%`]),
      }}
    >
      <Doughnut
        aria-label="Doughnut chart of predictions per quality tier"
        role="img"
        data={{
          labels: health.data.map((d) => d.tier),
          datasets: [
            {
              label: 'Predictions',
              data: health.data.map((d) => d.count),
              backgroundColor: health.data.map((d) => TIER_COLORS[d.tier]),
              borderColor: '#fff',
              borderWidth: 2,
            },
          ],
        }}
        options={{ cutout: '60%', plugins: { legend: { position: 'bottom' } } }}
      />
    </ChartPanel>
  );
}

export function QualityVsLengthChart({ scatter }: { scatter: QualityVsLengthReply }) {
  const { statistics: s } = scatter;
  return (
    <ChartPanel
      title="Quality vs Text Length"
      testId="chart-quality-vs-length"
      className="lg:col-span-2"
      summary={
        s.correlation === null
          ? 'Not enough scored predictions to measure a correlation.'
          : `Correlation r = ${s.correlation} (${s.correlation_interpretation}) over the latest ${fmt(s.data_points)} scored ${plural(s.data_points, 'prediction')}; average length ${s.avg_text_length ?? '–'} characters.`
      }
      table={{
        caption: 'Text length and quality score of the sampled predictions',
        columns: ['Text length', 'Quality score', 'Tier'],
        rows: scatter.data.map((d) => [d.x, d.y, d.tier]),
      }}
    >
      <Scatter
        aria-label="Scatter chart of quality score against text length"
        role="img"
        data={{
          datasets: QUALITY_TIERS.map((tier) => ({
            label: tier,
            data: scatter.data.filter((d) => d.tier === tier).map((d) => ({ x: d.x, y: d.y })),
            backgroundColor: TIER_COLORS[tier],
            borderColor: TIER_COLORS[tier],
            pointStyle: TIER_POINTS[tier],
            pointRadius: 4,
          })),
        }}
        options={{
          plugins: { legend: { position: 'bottom' } },
          scales: {
            x: { title: { display: true, text: 'Text length (characters)' }, beginAtZero: true },
            y: { title: { display: true, text: 'Quality score' }, min: 0, max: 100 },
          },
        }}
      />
    </ChartPanel>
  );
}
