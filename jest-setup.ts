import '@testing-library/jest-dom';
import '@umijs/max/test-setup';
import { act } from '@testing-library/react';
import { actWrapper as messageAct } from 'antd/lib/message';
import { actWrapper as notificationAct } from 'antd/lib/notification';

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
