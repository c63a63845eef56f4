import app from './en-US/app';
import component from './en-US/component';
import errors from './en-US/errors';
import home from './en-US/home';
import login from './en-US/login';
import menu from './en-US/menu';
import pages from './en-US/pages';
import request from './en-US/request';

// The legal texts (./en-US/legal.ts) are long and read on three pages only: LegalPage loads them there.
export default { ...app, ...component, ...errors, ...home, ...login, ...menu, ...pages, ...request };
