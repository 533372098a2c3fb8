import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * One JSON line per event. Cookies and authorization headers are redacted so a session token or provider key
 * never reaches the logs, whatever a caller passes in.
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
    destination,
  );
}
