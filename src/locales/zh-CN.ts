import app from './zh-CN/app';
import component from './zh-CN/component';
import errors from './zh-CN/errors';
import home from './zh-CN/home';
import login from './zh-CN/login';
import menu from './zh-CN/menu';
import pages from './zh-CN/pages';
import request from './zh-CN/request';

// The legal texts (./zh-CN/legal.ts) are long and read on three pages only: LegalPage loads them there.
export default { ...app, ...component, ...errors, ...home, ...login, ...menu, ...pages, ...request };
