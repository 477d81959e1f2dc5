// The service says keys belong in server-side code only; this tells a browser page or worker from a server
// runtime. Node >= 21, Deno and Bun define `navigator` too, so `navigator` alone proves nothing.

/** True in a browser window or a browser worker (dedicated, shared or service worker). */
export function isBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown; navigator?: unknown; WorkerGlobalScope?: unknown };
  const isWindow = typeof scope.window === 'object' && scope.window !== null && typeof scope.document === 'object' && scope.document !== null;
  const worker = scope.WorkerGlobalScope;
  const isWorker = typeof worker === 'function' && globalThis instanceof (worker as new () => object);
  return (isWindow && typeof scope.navigator === 'object') || isWorker;
}
