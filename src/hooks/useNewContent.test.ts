import { umiScriptOf } from './useNewContent';

describe('umiScriptOf', () => {
  it('reads the main bundle off the boot loader of a production document', () => {
    const html =
      '<div id="root"></div><script src="/boot.4aecacdc.js" data-now="/preload_helper.3f4166ca.js" ' +
      'data-styles="/antd.b70d516a.css" data-scripts="/umi.0019d6fb.js" async></script>';
    expect(umiScriptOf(html)).toBe('/umi.0019d6fb.js');
  });

  it('reads it off a script tag of its own, and finds none in a document without it', () => {
    expect(umiScriptOf('<script src="/umi.js"></script>')).toBe('/umi.js');
    expect(umiScriptOf('<script src="/boot.4aecacdc.js" data-now="/preload_helper.3f4166ca.js" async></script>')).toBe(
      null,
    );
  });
});
