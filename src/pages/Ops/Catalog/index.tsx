import { withPageTexts } from '@/components/PageTexts';
import SectionTabs from '@/components/SectionTabs';
import { useIntl } from '@/intl';
import {
  categories,
  createCategory,
  createOrganization,
  organizations,
  retireCategory,
  retireOrganization,
  updateCategory,
  updateOrganization,
} from '@/services/ops';
import type { OpsCategory, OpsOrganization } from '../../../../contract/ops';
import OpsShell from '../components/OpsShell';
import { OPS_TEXTS } from '../texts';
import NamedEntryTable from './components/NamedEntryTable';
import PromotionTable from './components/PromotionTable';
import WaitingRoomTable from './components/WaitingRoomTable';

/**
 * The catalog: categories and organizations (names in both languages, retired not deleted), promotions, and the
 * waiting rooms of the exams open for booking.
 */
function CatalogPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.catalog.${id}` });
  const items = [
    {
      key: 'categories',
      label: text('tab.categories'),
      children: (
        <NamedEntryTable<OpsCategory>
          kind="category"
          usage={{ title: text('column.examCount'), render: (entry) => entry.examCount }}
          list={(query) => categories(query)}
          create={(values) => createCategory({ code: values.code ?? '', name: values.name })}
          rename={(id, name) => updateCategory(id, { name })}
          retire={(id) => retireCategory(id)}
        />
      ),
    },
    {
      key: 'organizations',
      label: text('tab.organizations'),
      children: (
        <NamedEntryTable<OpsOrganization>
          kind="organization"
          usage={{ title: text('column.memberCount'), render: (entry) => entry.memberCount }}
          list={(query) => organizations(query)}
          create={(values) => createOrganization({ name: values.name })}
          rename={(id, name) => updateOrganization(id, { name })}
          retire={(id) => retireOrganization(id)}
        />
      ),
    },
    { key: 'promotions', label: text('tab.promotions'), children: <PromotionTable /> },
    { key: 'waitingRooms', label: text('tab.waitingRooms'), children: <WaitingRoomTable /> },
  ];
  return (
    <OpsShell title={text('title')}>
      <SectionTabs items={items} destroyOnHidden />
    </OpsShell>
  );
}

export default withPageTexts(CatalogPage, OPS_TEXTS);
