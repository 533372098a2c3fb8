import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * One JSON line per event. Cookies and authorization headers are redacted so a session token or provider key
 * never reaches the logs, whatever a caller passes in. Standard output by default, written asynchronously: lines
 * written while a write is in flight leave together in the next one, so a busy server does not make a system
 * call per request line on its main thread; what is still buffered is written synchronously at exit.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          '*.cookie',
          '*.authorization',
          '*.apiKey',
          '*.api_key',
          'cookie',
          'authorization',
          '*.headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? (level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false })),
  );
}
