import { api } from '../../contract';
import { type CatalogDeps, getExam, listCategories, listCities, listOpenExams, listProvinces } from '../domain/catalog';
import type { RouteContext } from './context';

export function catalogRoutes(ctx: RouteContext): void {
  const deps: CatalogDeps = { catalog: ctx.repos.catalog, now: ctx.now };
  ctx.route(api.provinces, () => listProvinces(deps));
  ctx.route(api.cities, ({ query }) => listCities(deps, query.q));
  ctx.route(api.categories, () => listCategories(deps));
  ctx.route(api.exams, ({ query }) => listOpenExams(deps, query));
  ctx.route(api.exam, ({ params }) => getExam(deps, params.id));
}
