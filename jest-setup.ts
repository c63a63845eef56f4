import '@testing-library/jest-dom';
import '@umijs/max/test-setup';
import { act } from '@testing-library/react';
import { actWrapper as messageAct } from 'antd/lib/message';
import { actWrapper as notificationAct } from 'antd/lib/notification';
import { clearRequestCache } from '@/utils/requestCache';

// antd's static message and notification render outside React's tree; these hooks (antd's own test setup uses
// them) run their updates inside act(), so tests see the text without React warning about it.
messageAct(act);
notificationAct(act);

// jsdom has no matchMedia; antd's responsive grid asks it which breakpoints match (none, here).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom answers getComputedStyle by matching every CSS rule of the page against the element (and again against each
// ancestor, for `visibility`), through nwsapi. nwsapi keeps 1,000 compiled selectors in an LRU cache, while antd's
// styles are some 3,000 rules matched in the same order each time: every selector was compiled again on every call,
// about a second per call. Unbounded caches make a call a few milliseconds; nothing about what matches changes.
// (The engine is made on first use and sits on the document's jsdom implementation, behind the wrapper's `impl`.)
{
  getComputedStyle(document.body);
  const impl = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const engine = impl && (document as unknown as Record<symbol, { _nwsapiDontThrow?: Record<string, unknown> }>)[impl];
  const caches = ['matchLambdas', 'selectLambdas', 'matchResolvers', 'selectResolvers'].map(
    (name) => engine?._nwsapiDontThrow?.[name] as Record<string, unknown> | undefined,
  );
  if (caches.some((cache) => typeof cache?.get !== 'function')) {
    throw new Error("jest-setup: jsdom's selector engine has changed; drop the nwsapi cache block if it is fast now");
  }
  for (const cache of caches) {
    const entries = new Map<string, unknown>();
    Object.assign(cache as object, {
      get: (key: string) => entries.get(key),
      has: (key: string) => entries.has(key),
      set: (key: string, value: unknown) => entries.set(key, value),
      clear: () => entries.clear(),
    });
  }
}

// jsdom has no layout and never scrolls. A popup (Select, DatePicker, Cascader, Dropdown) asks the computed style of
// every ancestor for the scroll containers it should follow as they scroll, and tables and modals measure the
// scrollbar (0 wide in jsdom): here the popup follows none and the scrollbar is 0, without computing styles.
jest.mock('@rc-component/trigger/lib/util', () => ({
  ...jest.requireActual('@rc-component/trigger/lib/util'),
  collectScroller: () => [],
}));
jest.mock('rc-util/lib/getScrollBarSize', () => ({
  ...jest.requireActual('rc-util/lib/getScrollBarSize'),
  __esModule: true,
  default: () => 0,
  getTargetScrollBarSize: () => ({ width: 0, height: 0 }),
}));

// Each test serves its own answers: a reference list kept by an earlier test (src/utils/requestCache) must not leak.
afterEach(() => clearRequestCache());
