import { SIGNED_IN_SPEC_PATHS } from '@/testing/specPaths';
import routes from '../../config/routes';
import { guardRedirect, isPublicPath, PUBLIC_ROUTES, safeRedirect } from './guard';

const ORIGIN = 'https://exam.example.cn';

describe('page guard (spec section 6)', () => {
  it.each([
    '/user/login',
    '/home',
    '/home/',
    '/home/risk',
    '/home/privacyPolicy',
    '/home/termsOfUse',
    '/exception',
    '/verify',
    '/',
    '/index.html',
    '/no/such/page',
    '/home/center/exams',
    '/home/center/exams/0192f0c0-0000-7000-8000-000000000101/more',
    '/pay/sandbox/0192f0c0-0000-7000-8000-000000005001',
    '/pay/sandbox/0192f0c0-0000-7000-8000-000000005001/',
  ])('lets a visitor without a user open %s', (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(guardRedirect(path, '', false)).toBeNull();
  });

  it.each([
    ...SIGNED_IN_SPEC_PATHS,
    '/home/examiner/scan',
    '/home/center/exams/0192f0c0-0000-7000-8000-000000000101',
    '/home/center/exams/0192F0C0-0000-7000-8000-000000000101/',
  ])('sends a visitor without a user from %s to login', (path) => {
    expect(guardRedirect(path, '', false)).toBe(`/user/login?redirect=${encodeURIComponent(path)}`);
  });

  it('encodes the whole path and query into the redirect', () => {
    expect(guardRedirect('/home/ticket', '?id=a&b=c d', false)).toBe(
      '/user/login?redirect=%2Fhome%2Fticket%3Fid%3Da%26b%3Dc%20d',
    );
  });

  it('treats a trailing slash and other letter case as the same route, as the router does', () => {
    expect(guardRedirect('/home/profile/', '', false)).toBe('/user/login?redirect=%2Fhome%2Fprofile%2F');
    expect(guardRedirect('/HOME/PROFILE', '', false)).not.toBeNull();
  });

  it('keeps the parameter of a route in the redirect, as it was written', () => {
    expect(guardRedirect('/home/center/exams/AbC-1', '?tab=results', false)).toBe(
      `/user/login?redirect=${encodeURIComponent('/home/center/exams/AbC-1?tab=results')}`,
    );
  });

  it('names only routes of the route table as public', () => {
    const paths = new Set(routes.map((route) => route.path));
    expect([...PUBLIC_ROUTES].filter((path) => !paths.has(path))).toEqual([]);
  });

  it('lets a logged-in user through', () => {
    expect(guardRedirect('/home/profile', '', true)).toBeNull();
  });
});

describe('safeRedirect after login', () => {
  it.each([
    ['/home/examlist', '/home/examlist'],
    ['/home/ticket?id=42#qr', '/home/ticket?id=42#qr'],
  ])('keeps the same-origin path %s', (redirect, expected) => {
    expect(safeRedirect(redirect, ORIGIN)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/home',
    'https://evil.com',
    'http://exam.example.cn.evil.com/home',
    '/\\evil.com',
    '/\t/evil.com',
    'javascript:alert(1)',
    'home/profile',
    '',
    null,
    undefined,
    '/user/login?redirect=/home',
  ])('refuses %p and goes to /home', (redirect) => {
    expect(safeRedirect(redirect, ORIGIN)).toBe('/home');
  });
});
