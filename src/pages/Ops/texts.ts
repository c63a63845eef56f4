import type { PageTexts } from '@/components/PageTexts';
import enOps from '@/locales/en-US/ops';
import zhOps from '@/locales/zh-CN/ops';

/** The console's texts, which every page of it adds with withPageTexts. */
export const OPS_TEXTS: PageTexts = { 'en-US': enOps, 'zh-CN': zhOps };
