import type { AuditAction, CategoryDraft, OpsCategory, OpsOrganization } from '../../contract';
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

/** How a catalog entry is read, written and named in the audit log: categories and organizations alike. */
interface EntryKind<View extends OpsCategory | OpsOrganization> {
  read(store: Pick<Repositories, 'catalogAdmin'>, id: string): Promise<View>;
  update(
    store: Pick<Repositories, 'catalogAdmin'>,
    id: string,
    values: { nameZh?: string; nameEn?: string; retiredAt?: Date },
  ): Promise<boolean>;
  /** The audit log's name for it. */
  type: 'category' | 'organization';
  label(view: View): string;
  actions: { update: AuditAction; retire: AuditAction };
}

/** Categories: a retired one is named by no new exam. */
export const CATEGORY: EntryKind<OpsCategory> = {
  type: 'category',
  read: categoryIn,
  update: (store, id, values) => store.catalogAdmin.updateCategory(id, values),
  label: (view) => view.code,
  actions: { update: 'category.update', retire: 'category.retire' },
};

/** Organizations: a retired one is chosen by no new profile. */
export const ORGANIZATION: EntryKind<OpsOrganization> = {
  type: 'organization',
  read: organizationIn,
  update: (store, id, values) => store.catalogAdmin.updateOrganization(id, values),
  label: (view) => view.name.zh,
  actions: { update: 'organization.update', retire: 'organization.retire' },
};

/**
 * A change to a catalog entry: new names, or retirement (one in use is never deleted). A change that changes
 * nothing (retiring a retired entry) answers the entry as it is and leaves no row.
 */
export function changeCatalogEntry<View extends OpsCategory | OpsOrganization>(
  kind: EntryKind<View>,
  deps: CatalogAdminDeps,
  actor: Actor,
  id: string,
  change: { name: Name } | { retire: true },
): Promise<View> {
  const now = deps.now();
  return deps.uow.run(async (store) => {
    const before = await kind.read(store, id);
    const retire = 'retire' in change;
    if (retire && before.status === 'retired') return before;
    await kind.update(store, id, retire ? { retiredAt: now } : { nameZh: change.name.zh, nameEn: change.name.en });
    const after = await kind.read(store, id);
    await record(store.audit, actor, now, {
      action: retire ? kind.actions.retire : kind.actions.update,
      target: { type: kind.type, id, label: kind.label(before) },
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
