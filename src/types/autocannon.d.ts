declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Each request passes through setupRequest, which may change its path, headers or body. */
    requests?: Array<{ setupRequest?: (request: Request) => Request }>;
    duration?: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
