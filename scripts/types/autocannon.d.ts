// What the benchmark uses of autocannon, which ships no types of its own.
declare module "autocannon" {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: Request) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests (instead of after `duration`). */
    amount?: number;
    requests?: Request[];
  }
  export interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): unknown;
}
