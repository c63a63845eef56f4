/**
 * `npm start`: builds the front end when dist/ is missing or older than its sources, then runs the server, which
 * applies migrations, loads reference and demo data into an empty embedded database, and serves app and API. With
 * WORKERS on PostgreSQL the same file starts each worker process: only the primary builds.
 */
import cluster from 'node:cluster';
import { main } from '../server/main';
import { ensureFrontendBuilt } from './lib/frontend';

if (cluster.isPrimary) ensureFrontendBuilt();
void main();
