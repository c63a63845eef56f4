import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every setting, parsed once (config.ts). */
    config: Config;
    /** The clock: use cases never read Date.now(), so tests can move time. */
    now: () => Date;
  }
}

export interface ConfigOptions {
  config: Config;
  now: () => Date;
}

/** The configuration and the clock, which every other plugin and route module reads. */
export const configPlugin = fp<ConfigOptions>(
  async (app, { config, now }) => {
    app.decorate('config', config);
    app.decorate('now', now);
  },
  { name: 'config' },
);
