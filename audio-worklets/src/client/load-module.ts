export interface LoadableContext {
  readonly audioWorklet: { addModule(moduleUrl: string): Promise<void> };
}

/** Where the built processors are served (see build.ts); the web app copies them under this path. */
export const DEFAULT_WORKLET_BASE_URL = '/worklets/';

export const WORKLET_FILES = {
  capture: 'capture-processor.js',
  playback: 'playback-processor.js',
} as const;

export function workletUrl(kind: keyof typeof WORKLET_FILES, baseUrl: string = DEFAULT_WORKLET_BASE_URL): string {
  return `${baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`}${WORKLET_FILES[kind]}`;
}

const loaded = new WeakMap<LoadableContext, Map<string, Promise<void>>>();

/**
 * Adds a processor module to the context once: adding it again would register the processor name twice, which
 * the browser refuses. A failed load is forgotten so that it can be retried.
 */
export function loadWorkletModule(context: LoadableContext, moduleUrl: string): Promise<void> {
  let modules = loaded.get(context);
  if (!modules) {
    modules = new Map();
    loaded.set(context, modules);
  }
  const existing = modules.get(moduleUrl);
  if (existing) return existing;
  const loading = context.audioWorklet.addModule(moduleUrl).catch((cause: unknown) => {
    modules.delete(moduleUrl);
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`Could not load audio worklet module ${moduleUrl}: ${reason}`, { cause });
  });
  modules.set(moduleUrl, loading);
  return loading;
}
