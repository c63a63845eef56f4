import app from './en-US/app';
import component from './en-US/component';
import errors from './en-US/errors';
import login from './en-US/login';
import menu from './en-US/menu';
import pages from './en-US/pages';
import request from './en-US/request';

// The legal texts (./en-US/legal.ts) load with LegalPage, and the texts of one page only with that page
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
