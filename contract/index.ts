export * from './api';
export * from './auth';
export * from './catalog';
export * from './common';
export * from './envelope';
export * from './errors';
export * from './site';
export * from './system';
