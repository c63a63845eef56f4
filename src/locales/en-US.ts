import app from './en-US/app';
import component from './en-US/component';
import errors from './en-US/errors';
import home from './en-US/home';
import legal from './en-US/legal';
import login from './en-US/login';
import menu from './en-US/menu';
import pages from './en-US/pages';
import request from './en-US/request';

export default { ...app, ...component, ...errors, ...home, ...legal, ...login, ...menu, ...pages, ...request };
