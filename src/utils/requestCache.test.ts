import { cachedRequest, clearRequestCache, REQUEST_CACHE_MS } from './requestCache';

afterEach(() => {
  jest.useRealTimers();
  clearRequestCache();
});

describe('reference lists are asked for once a minute at most', () => {
  it('answers a second call within 60 s from the first answer, and asks again after', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-05-01T00:00:00Z') });
    let asked = 0;
    const load = async () => {
      asked += 1;
      return [`answer ${asked}`];
    };
    expect(await cachedRequest('provinces', load)).toEqual(['answer 1']);
    jest.setSystemTime(Date.now() + REQUEST_CACHE_MS - 1);
    expect(await cachedRequest('provinces', load)).toEqual(['answer 1']);
    expect(asked).toBe(1);
    jest.setSystemTime(Date.now() + 1);
    expect(await cachedRequest('provinces', load)).toEqual(['answer 2']);
    expect(REQUEST_CACHE_MS).toBe(60_000);
  });

  it('keeps each list apart (the cities of one province are not another’s)', async () => {
    expect(await cachedRequest('cities?q=11', async () => ['北京市'])).toEqual(['北京市']);
    expect(await cachedRequest('cities?q=33', async () => ['杭州市'])).toEqual(['杭州市']);
  });

  it('shares a call on its way, and forgets a failure so the next call asks again', async () => {
    let asked = 0;
    const failing = () => {
      asked += 1;
      return Promise.reject(new Error('network down'));
    };
    const both = [cachedRequest('categories', failing), cachedRequest('categories', failing)];
    await expect(Promise.all(both)).rejects.toThrow('network down');
    expect(asked).toBe(1);
    expect(await cachedRequest('categories', async () => ['language'])).toEqual(['language']);
  });
});
