/**
 * Structured logs. Never pass transcripts, audio, phone numbers, e-mail addresses, tokens, keys or message
 * bodies: log ids and counts instead.
 */
type Fields = Record<string, unknown>;

const quiet = () => process.env.LOG_LEVEL === 'silent' || (process.env.NODE_ENV === 'test' && !process.env.LOG_LEVEL);

function write(level: 'info' | 'warn' | 'error', msg: string, fields?: Fields) {
  if (quiet() && level !== 'error') return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  (level === 'error' ? console.error : console.log)(line);
}

export const log = {
  info: (msg: string, fields?: Fields) => write('info', msg, fields),
  warn: (msg: string, fields?: Fields) => write('warn', msg, fields),
  error: (msg: string, fields?: Fields) => write('error', msg, fields),
};
