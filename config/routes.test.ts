import { SIGNED_IN_SPEC_PATHS } from '../src/testing/specPaths';
import routes from './routes';

const SPEC_PATHS = [
  '/user/login',
  '/home',
  ...SIGNED_IN_SPEC_PATHS,
  '/home/termsOfUse',
  '/home/risk',
  '/home/privacyPolicy',
  '/index.html',
  '/',
  '*',
];

describe('routes (spec section 2)', () => {
  it('cover every path of the spec, each hidden from menus', () => {
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(SPEC_PATHS));
    expect(routes.every((route) => route.hideInMenu)).toBe(true);
  });

  it('show login without the layout', () => {
    expect(routes.find((route) => route.path === '/user/login')?.layout).toBe(false);
  });

  it('redirect / and /index.html to /home', () => {
    for (const path of ['/', '/index.html']) {
      expect(routes.find((route) => route.path === path)?.redirect).toBe('/home');
    }
  });

  it('keep registration to students', () => {
    for (const path of ['/home/singleRegistration', '/home/gRegistration']) {
      expect(routes.find((route) => route.path === path)?.access).toBe('canStudent');
    }
  });
});
