import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { keepNextTickShape } from './lib/steady-next-tick.ts';

/**
 * Reads the configuration, builds the server and listens; resolves once it listens. Run by
 * main.ts (`npm run dev`) and, in the build, by boot.ts.
 */
export async function startServer(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await keepNextTickShape();
  const app = await buildApp(config);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Foraging Journal is ready at ${config.publicUrl} (data in ${config.dataDir})`);
}

/** A start that failed: the error, and exit code 1. */
export function failedToStart(error: unknown): never {
  console.error(error);
  process.exit(1);
}
