/**
 * The part of autocannon 9's programmatic API that scripts/bench.ts uses.
 * The package ships no types and @types/autocannon is not installed.
 */
declare module "autocannon" {
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  export type Result = {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  export type Instance = PromiseLike<Result> & { stop(): void };

  export default function autocannon(options: Options): Instance;
}
