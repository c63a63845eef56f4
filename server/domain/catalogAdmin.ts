import type { CategoryDraft, OpsCategory, OpsOrganization } from '../../contract';
import type { CategoryWithCount, OrganizationWithCount } from '../db/rows';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import { type Actor, record } from './audit';
import type { Repositories, UnitOfWork } from './ports';

export interface CatalogAdminDeps {
  repos: Pick<Repositories, 'catalogAdmin'>;
  uow: UnitOfWork;
  now: () => Date;
}

type Name = { zh: string; en: string };

export function toOpsCategory({ category, examCount }: CategoryWithCount): OpsCategory {
  return {
    id: category.id,
    code: category.code,
    name: { zh: category.nameZh, en: category.nameEn },
    status: category.retiredAt ? 'retired' : 'active',
    examCount,
  };
}

export function toOpsOrganization({ organization, memberCount }: OrganizationWithCount): OpsOrganization {
  return {
    id: organization.id,
    name: { zh: organization.nameZh, en: organization.nameEn },
    status: organization.retiredAt ? 'retired' : 'active',
    memberCount,
  };
}

const snapshotOf = (view: OpsCategory | OpsOrganization) => ({ name: view.name, status: view.status });

async function categoryIn(store: Pick<Repositories, 'catalogAdmin'>, id: string): Promise<OpsCategory> {
  const row = await store.catalogAdmin.category(id);
  if (!row) throw new AppError('NOT_FOUND');
  return toOpsCategory(row);
}

async function organizationIn(store: Pick<Repositories, 'catalogAdmin'>, id: string): Promise<OpsOrganization> {
  const row = await store.catalogAdmin.organization(id);
  if (!row) throw new AppError('NOT_FOUND');
  return toOpsOrganization(row);
}

/** A new category; its code is unique (CATEGORY_CODE_TAKEN) and fixed from then on. */
export function createCategory(deps: CatalogAdminDeps, actor: Actor, draft: CategoryDraft): Promise<OpsCategory> {
  const now = deps.now();
  return deps.uow.run(async (store) => {
    const id = uuidv7();
    const added = await store.catalogAdmin.insertCategory({
      id,
      code: draft.code,
      nameZh: draft.name.zh,
      nameEn: draft.name.en,
    });
    if (!added) throw new AppError('CATEGORY_CODE_TAKEN');
    const created = await categoryIn(store, id);
    await record(store.audit, actor, now, {
      action: 'category.create',
      target: { type: 'category', id, label: draft.code },
      before: null,
      after: { code: draft.code, ...snapshotOf(created) },
    });
    return created;
  });
}

/**
 * A change to a category: new names, or retirement (no new exam may name it; one in use is never deleted). A change
 * that changes nothing (retiring a retired category) answers the category as it is and leaves no row.
 */
export function changeCategory(
  deps: CatalogAdminDeps,
  actor: Actor,
  id: string,
  change: { name: Name } | { retire: true },
): Promise<OpsCategory> {
  const now = deps.now();
  return deps.uow.run(async (store) => {
    const before = await categoryIn(store, id);
    const retire = 'retire' in change;
    if (retire && before.status === 'retired') return before;
    await store.catalogAdmin.updateCategory(
      id,
      retire ? { retiredAt: now } : { nameZh: change.name.zh, nameEn: change.name.en },
    );
    const after = await categoryIn(store, id);
    await record(store.audit, actor, now, {
      action: retire ? 'category.retire' : 'category.update',
      target: { type: 'category', id, label: before.code },
      before: snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
}

export function createOrganization(deps: CatalogAdminDeps, actor: Actor, name: Name): Promise<OpsOrganization> {
  const now = deps.now();
  return deps.uow.run(async (store) => {
    const id = uuidv7();
    await store.catalogAdmin.insertOrganization({ id, nameZh: name.zh, nameEn: name.en });
    const created = await organizationIn(store, id);
    await record(store.audit, actor, now, {
      action: 'organization.create',
      target: { type: 'organization', id, label: name.zh },
      before: null,
      after: snapshotOf(created),
    });
    return created;
  });
}

/** New names for an organization, or its retirement (profiles can no longer choose it); as changeCategory. */
export function changeOrganization(
  deps: CatalogAdminDeps,
  actor: Actor,
  id: string,
  change: { name: Name } | { retire: true },
): Promise<OpsOrganization> {
  const now = deps.now();
  return deps.uow.run(async (store) => {
    const before = await organizationIn(store, id);
    const retire = 'retire' in change;
    if (retire && before.status === 'retired') return before;
    await store.catalogAdmin.updateOrganization(
      id,
      retire ? { retiredAt: now } : { nameZh: change.name.zh, nameEn: change.name.en },
    );
    const after = await organizationIn(store, id);
    await record(store.audit, actor, now, {
      action: retire ? 'organization.retire' : 'organization.update',
      target: { type: 'organization', id, label: before.name.zh },
      before: snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
}
