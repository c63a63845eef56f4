import app from './en-US/app';
import checkout from './en-US/checkout';
import component from './en-US/component';
import errors from './en-US/errors';
import exam from './en-US/exam';
import home from './en-US/home';
import login from './en-US/login';
import menu from './en-US/menu';
import pages from './en-US/pages';
import profile from './en-US/profile';
import request from './en-US/request';
import result from './en-US/result';
import ticket from './en-US/ticket';
import transaction from './en-US/transaction';
import wallet from './en-US/wallet';

// The legal texts (./en-US/legal.ts) are long and read on three pages only: LegalPage loads them there.
export default {
  ...app,
  ...component,
  ...errors,
  ...home,
  ...login,
  ...menu,
  ...pages,
  ...request,
  ...profile,
  ...exam,
  ...checkout,
  ...ticket,
  ...transaction,
  ...result,
  ...wallet,
};
