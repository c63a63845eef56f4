import { Tabs, type TabsProps } from 'antd';

/**
 * A page's sections as tabs whose names wrap onto a second line when they do not fit (a phone), instead of antd's
 * overflow: its "more" button sits inside the tab list, where a screen reader expects only tabs (axe's
 * aria-required-children), and it hides sections behind a menu a person has to discover.
 */
export default function SectionTabs(props: TabsProps) {
  return <Tabs {...props} className="section-tabs" />;
}
