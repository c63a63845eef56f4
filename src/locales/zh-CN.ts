import app from './zh-CN/app';
import checkout from './zh-CN/checkout';
import component from './zh-CN/component';
import errors from './zh-CN/errors';
import exam from './zh-CN/exam';
import home from './zh-CN/home';
import login from './zh-CN/login';
import menu from './zh-CN/menu';
import pages from './zh-CN/pages';
import profile from './zh-CN/profile';
import request from './zh-CN/request';
import result from './zh-CN/result';
import ticket from './zh-CN/ticket';
import transaction from './zh-CN/transaction';
import wallet from './zh-CN/wallet';

// The legal texts (./zh-CN/legal.ts) are long and read on three pages only: LegalPage loads them there.
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
