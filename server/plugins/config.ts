import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Links } from '../domain/ports';
import { httpLinks } from '../http/links';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every setting, parsed once (config.ts). */
    config: Config;
    /** The clock: use cases never read Date.now(), so tests can move time. */
    now: () => Date;
    /** The URLs of this service's own routes that the domain hands out (http/links.ts). */
    links: Links;
  }
}

export interface ConfigOptions {
  config: Config;
  now: () => Date;
}

/** The configuration, the clock and the service's links, which every other plugin and route module reads. */
export const configPlugin = fp<ConfigOptions>(
  async (app, { config, now }) => {
    app.decorate('config', config);
    app.decorate('now', now);
    app.decorate('links', httpLinks(config));
  },
  { name: 'config' },
);
