// The app's pino logger: where its lines go and when (logFlush), and request loggers made lazily.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { GatheredLines, type LineDestination } from './lib/gathered-lines.ts';
import { redacted, redactPaths } from './log-redaction.ts';
import { requestFields } from './request-line.ts';

/**
 * The log's flush policy, stated here only: lines gather (lib/gathered-lines.ts) and go to stdout
 * as one write once 64 kB have gathered, or every quarter of a second, so a line waits at most
 * that long and a request never waits for the terminal or the journal. A write for every line
 * cost more than the line itself under load, and an asynchronous write costs about the same CPU
 * whether it carries 12 kB or 64 kB (bench/README.md). Closing the app stops the timer
 * (closeLog); pino writes out what is left when the process exits.
 */
export const logFlush = { chars: 64 * 1024, everyMs: 250 } as const;

/** pino's asynchronous stdout (SonicBoom) in its `buffer` content mode, which GatheredLines feeds. */
function stdoutInBuffers(): LineDestination {
  const sonic = pino.destination({
    dest: 1,
    sync: false,
    // Writes only when GatheredLines hands over a full batch or flushes it (no timer of its own).
    minLength: logFlush.chars,
    maxWrite: 2 * logFlush.chars,
    contentMode: 'buffer',
  });
  // sonic-boom's types know only its default mode, whose write takes a string; in `buffer`
  // mode the same method takes a Buffer (its writeBuffer).
  const writeBuffer = sonic.write.bind(sonic) as unknown as (chunk: Buffer) => boolean;
  return { write: writeBuffer, flush: (callback) => sonic.flush(callback) };
}

/**
 * Fastify's logger with secrets kept out: Fastify's own request serializer logs the raw URL,
 * which for a photo carries its signature and for the reset page its token. Lines go to stdout
 * as logFlush says. `stream` lets a test read what would be written.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<NonNullable<FastifyServerOptions['logger']>, boolean> {
  const destination =
    stream ?? (level === 'silent' ? undefined : new GatheredLines(stdoutInBuffers(), logFlush));
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: { paths: redactPaths, censor: redacted },
    serializers: { req: requestFields },
  };
}

/** The app is closing: what is gathered goes out, and the log's timer stops. */
export function closeLog(options: { stream?: unknown }): void {
  if (options.stream instanceof GatheredLines) options.stream.close();
}

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * `request.log`, made when something logs for the request: most requests log nothing but their
 * one line (OneLinePerRequest, which needs no child), and making a pino child for each, with its
 * bindings run through the redaction, cost more than the rest of a small read's logging.
 */
export const lazyChildLogger: ChildLoggerFactory = (logger, bindings, options) => {
  let child: FastifyBaseLogger | undefined;
  const made = () => (child ??= logger.child(bindings, options));
  return {
    get level() {
      return child?.level ?? options.level ?? logger.level;
    },
    set level(level) {
      made().level = level;
    },
    fatal: (...args: Parameters<FastifyBaseLogger['fatal']>) => made().fatal(...args),
    error: (...args: Parameters<FastifyBaseLogger['error']>) => made().error(...args),
    warn: (...args: Parameters<FastifyBaseLogger['warn']>) => made().warn(...args),
    info: (...args: Parameters<FastifyBaseLogger['info']>) => made().info(...args),
    debug: (...args: Parameters<FastifyBaseLogger['debug']>) => made().debug(...args),
    trace: (...args: Parameters<FastifyBaseLogger['trace']>) => made().trace(...args),
    silent: (...args: Parameters<FastifyBaseLogger['silent']>) => made().silent(...args),
    child: (moreBindings, moreOptions) => made().child(moreBindings, moreOptions),
  };
};
