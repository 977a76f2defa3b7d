// The part of autocannon's API the load benchmarks use (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    total: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: {
      method?: string;
      path: string;
      headers?: Record<string, string>;
      /** Changes each request just before it is sent (a new path per request, say). */
      setupRequest?: (req: { method?: string; path: string; headers?: Record<string, string> }) => {
        method?: string;
        path: string;
        headers?: Record<string, string>;
      };
    }[];
    headers?: Record<string, string>;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
