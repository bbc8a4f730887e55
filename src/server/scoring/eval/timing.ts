import { analyzePrediction } from '#server/scoring/engine.ts';

// Scoring cost per prediction, in process, after warm-up passes (the budget: p99 under 5 ms for a
// 500-character text). CPU time is reported too: unlike wall-clock time it doesn't count the
// moments another process had the CPU, so it stays meaningful on a busy shared machine.

export interface Timing {
  p50Ms: number;
  p99Ms: number;
  longestP50Ms: number;
  longestP99Ms: number;
  longestCpuP99Ms: number;
}

function percentiles(texts: readonly string[], now: Date, rounds: number) {
  for (const text of texts) analyzePrediction({ text, categories: [], now });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const text of texts) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      analyzePrediction({ text, categories: [], now });
      wall.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
  const at = (times: number[], q: number) => {
    const sorted = [...times].sort((a, b) => a - b);
    return (
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 1000) / 1000
    );
  };
  return { p50: at(wall, 0.5), p99: at(wall, 0.99), cpuP99: at(cpu, 0.99) };
}

/** Texts of the set as they are, and run together into 500-character texts. */
export function measureTiming(texts: readonly string[], referenceDate: string, rounds = 3): Timing {
  const now = new Date(referenceDate);
  const longest = texts.slice(0, 200).map((_, i) => {
    let text = '';
    for (let j = i; text.length < 500; j++) text += `${texts[j % texts.length]} `;
    return text.slice(0, 500);
  });
  const all = percentiles(texts, now, rounds);
  const long = percentiles(longest, now, rounds);
  return {
    p50Ms: all.p50,
    p99Ms: all.p99,
    longestP50Ms: long.p50,
    longestP99Ms: long.p99,
    longestCpuP99Ms: long.cpuP99,
  };
}
