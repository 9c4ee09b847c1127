import { describe, expect, it } from 'vitest';
import { loginRedirectPath, safeReturnUrl } from './return-url.ts';

const origin = 'http://portal.test';

describe('loginRedirectPath', () => {
  it('keeps the wanted path and query in returnUrl', () => {
    expect(loginRedirectPath({ pathname: '/merchant/sales', search: '?page=2' })).toBe(
      '/login?returnUrl=%2Fmerchant%2Fsales%3Fpage%3D2',
    );
  });

  it('sends the root path to /login without returnUrl', () => {
    expect(loginRedirectPath({ pathname: '/' })).toBe('/login');
    expect(loginRedirectPath({ pathname: '/', search: '' })).toBe('/login');
  });
});

describe('safeReturnUrl', () => {
  it.each([
    ['/merchant/sales', '/merchant/sales'],
    ['/user/view/1?tab=x#top', '/user/view/1?tab=x#top'],
    [`${origin}/home?x=1`, '/home?x=1'],
  ])('accepts %s', (input, expected) => {
    expect(safeReturnUrl(input, origin)).toBe(expected);
  });

  it.each([
    null,
    '',
    'home',
    '//evil.test/x',
    '/\\evil.test',
    'https://evil.test/home',
    'javascript:alert(1)',
    '/login?returnUrl=/home',
  ])('rejects %s', (input) => {
    expect(safeReturnUrl(input, origin)).toBeUndefined();
  });
});
