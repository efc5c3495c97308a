/**
 * Structured logs. Never pass transcripts, audio, phone numbers, e-mail addresses, tokens, keys or message
 * bodies: log ids and counts instead.
 */
type Fields = Record<string, unknown>;

const quiet = () => process.env.LOG_LEVEL === 'silent' || (process.env.NODE_ENV === 'test' && !process.env.LOG_LEVEL);

/** Who sees every line written, printed or not (a test run's privacy canary checks them, PRODUCT §10). */
const observers = new Set<(line: string) => void>();

/** Calls `observer` with each line written from now on; returns the function that stops it. */
export function observeLog(observer: (line: string) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

function write(level: 'info' | 'warn' | 'error', msg: string, fields?: Fields) {
  const silent = quiet() && level !== 'error';
  if (silent && observers.size === 0) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  for (const observer of observers) observer(line);
  if (!silent) (level === 'error' ? console.error : console.log)(line);
}

export const log = {
  info: (msg: string, fields?: Fields) => write('info', msg, fields),
  warn: (msg: string, fields?: Fields) => write('warn', msg, fields),
  error: (msg: string, fields?: Fields) => write('error', msg, fields),
};
