import type { Handler } from './lib/shared';

const handlers: Record<string, Handler> = {};

export default handlers;
