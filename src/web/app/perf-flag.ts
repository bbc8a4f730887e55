/** localStorage['futurecast:debug-perf'] = '1' shows the web-vitals overlay (docs/decisions/003). */
export const PERF_FLAG_KEY = 'futurecast:debug-perf';
