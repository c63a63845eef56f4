import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { type CatalogDeps, getExam, listCategories, listCities, listOpenExams, listProvinces } from '../domain/catalog';
import { endpointRegistrar } from '../http/route';

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const deps: CatalogDeps = { repos: app.repos, now: app.now };
  const route = endpointRegistrar(app);
  route(api.provinces, () => listProvinces(deps));
  route(api.cities, ({ query }) => listCities(deps, query.q));
  route(api.categories, () => listCategories(deps));
  route(api.exams, ({ query }) => listOpenExams(deps, query));
  route(api.exam, ({ params }) => getExam(deps, params.id));
}
