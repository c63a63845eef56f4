import ToneTag from '@/components/ToneTag';
import { useIntl } from '@/intl';

/** An active or retired catalog entry. */
export default function CatalogStatusTag({ status }: { status: 'active' | 'retired' }) {
  const intl = useIntl();
  return (
    <ToneTag tone={status === 'active' ? 'green' : 'grey'}>
      {intl.formatMessage({ id: `pages.ops.catalog.status.${status}` })}
    </ToneTag>
  );
}
