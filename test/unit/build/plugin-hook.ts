/**
 * Calls a Vite plugin's hook as the build does, with a context whose `error` throws, as Rollup's does
 * (the build stops there).
 */
export function callHook(hook: unknown, ...args: unknown[]): unknown {
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  return (hook as (this: typeof context, ...args: unknown[]) => unknown).call(context, ...args);
}
