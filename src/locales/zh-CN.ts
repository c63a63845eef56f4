import app from './zh-CN/app';
import component from './zh-CN/component';
import errors from './zh-CN/errors';
import home from './zh-CN/home';
import legal from './zh-CN/legal';
import login from './zh-CN/login';
import menu from './zh-CN/menu';
import pages from './zh-CN/pages';
import request from './zh-CN/request';

export default { ...app, ...component, ...errors, ...home, ...legal, ...login, ...menu, ...pages, ...request };
