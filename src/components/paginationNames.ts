import type { PaginationProps } from 'antd';
import { cloneElement, isValidElement, type ReactElement } from 'react';
import { getIntl } from '@/intl';

/**
 * antd's Previous and Next page buttons hold only an arrow icon, so a screen reader names them by the icon: "left",
 * "right", in English whatever the language. This names them in the UI language.
 */
export const namedPageButtons: PaginationProps['itemRender'] = (_page, type, element) => {
  if ((type !== 'prev' && type !== 'next') || !isValidElement(element)) return element;
  const label = getIntl().formatMessage({ id: `component.pagination.${type}` });
  return cloneElement(element as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': label });
};
