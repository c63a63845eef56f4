import app from './zh-CN/app';
import component from './zh-CN/component';
import errors from './zh-CN/errors';
import login from './zh-CN/login';
import menu from './zh-CN/menu';
import pages from './zh-CN/pages';
import request from './zh-CN/request';

// The legal texts (./zh-CN/legal.ts) load with LegalPage, and the texts of one page only with that page
// (withPageTexts in src/components/PageTexts): home, profile, exam, checkout, ticket, transaction,
// result, wallet, status, gRegistration.
export default {
  ...app,
  ...component,
  ...errors,
  ...login,
  ...menu,
  ...pages,
  ...request,
};
