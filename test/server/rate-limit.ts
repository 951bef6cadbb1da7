/** The state of one key's window after a request, as the X-RateLimit-* headers report it. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the window ends. */
  resetAt: number;
}

interface Window {
  start: number;
  count: number;
}

/** Fixed-window limiter per API key: a window opens at the key's first request and lasts `windowMs`. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private perWindow: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get limit(): number {
    return this.perWindow;
  }

  /** Counts a request against `key` and says whether it is within the limit. */
  hit(key: string): RateLimitState {
    const window = this.current(key);
    this.windows.set(key, window);
    const allowed = window.count < this.perWindow;
    // Rejected requests are not counted, so the window cannot be pushed past its limit.
    if (allowed) window.count += 1;
    return this.state(window, allowed);
  }

  /** The state of `key`'s window without counting a request. */
  peek(key: string): RateLimitState {
    return this.state(this.current(key), true);
  }

  /** Changes the limit and starts every window afresh, so a test's count starts at zero. */
  setLimit(perWindow: number): void {
    this.perWindow = perWindow;
    this.windows.clear();
  }

  /** Forgets every window. */
  clear(): void {
    this.windows.clear();
  }

  private current(key: string): Window {
    const now = this.now();
    const window = this.windows.get(key);
    return window && now < window.start + this.windowMs ? window : { start: now, count: 0 };
  }

  private state(window: Window, allowed: boolean): RateLimitState {
    return {
      allowed,
      limit: this.perWindow,
      remaining: Math.max(0, this.perWindow - window.count),
      resetAt: window.start + this.windowMs,
    };
  }
}
