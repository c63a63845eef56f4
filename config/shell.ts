/**
 * The app shell that a phone paints from the HTML document alone, before any JavaScript has arrived (issue 17): the
 * top bar with the logo and the title over grey placeholders, or, on the pages without the top bar (login, the
 * sandbox wallet), the login card's logo and heading. The same markup is the loading screen while the app fetches the
 * user and the page's code (src/loading.tsx), and its styles are the top layout's own (src/layouts/index.tsx), so
 * nothing moves when React takes over. config/shellPlugin.ts writes both into index.html.
 */
import enApp from '../src/locales/en-US/app';
import enLogin from '../src/locales/en-US/login';
import zhApp from '../src/locales/zh-CN/app';
import zhLogin from '../src/locales/zh-CN/login';

/**
 * The page's content is 1152 px wide at most (as ProLayout's fixed width was), inside 40 px margins on wider screens;
 * the page grey reaches the bottom of the window and beyond.
 */
export const SHELL_CSS = `
html,body{margin:0;background:#f5f5f5}
.app-frame{min-height:100vh;display:flex;flex-direction:column}
.app-header{position:sticky;top:0;z-index:100;height:56px;background:#fff;border-bottom:1px solid rgba(5,5,5,.06)}
.app-header-inner{box-sizing:border-box;max-width:1232px;height:56px;margin:0 auto;padding:0 16px;display:flex;align-items:center;justify-content:space-between;gap:8px}
.app-brand{display:flex;align-items:center;gap:8px;min-width:0;color:rgba(0,0,0,.88);text-decoration:none}
.app-brand img{flex:none}
.app-brand span{font-size:18px;font-weight:600;line-height:56px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.app-main{box-sizing:border-box;flex:1 0 calc(100vh - 56px);width:100%;max-width:1232px;margin:0 auto;padding:16px}
@media (min-width:768px){.app-main{padding:24px 40px}.app-header-inner{padding:0 40px}}
.boot-bar{height:16px;margin:0 0 16px;border-radius:4px;background:rgba(0,0,0,.06)}
.boot-block{height:160px;margin:0 0 16px;border-radius:8px;background:#fff}
.boot-login{box-sizing:border-box;min-height:100vh;padding:56px 16px 16px;display:flex;align-items:center;justify-content:center}
.boot-card{box-sizing:border-box;width:100%;max-width:420px;padding:24px;display:flex;flex-direction:column;align-items:center;gap:8px}
.boot-card h1{font-size:24px;margin:0;font-weight:600;color:rgba(0,0,0,.88);text-align:center}
html[lang^=en] .boot-zh,html:not([lang^=en]) .boot-en{display:none}
.boot .boot-login,.boot-bare .app-header,.boot-bare .app-main{display:none}
.boot-bare .boot-login{display:flex}
`
  .trim()
  .replaceAll('\n', '');

const both = (zh: string, en: string) => `<span class="boot-zh">${zh}</span><span class="boot-en">${en}</span>`;

/** Grey bars where a page's heading and cards will be. */
export const PLACEHOLDERS = '<div class="boot-bar" style="width:40%"></div><div class="boot-block"></div>'.repeat(2);

/** The routes drawn without the top bar (layout: false in config/routes.ts). */
export const BARE_PATHS = /^\/(user\/login|ops\/login|pay\/sandbox\/)/i;

/** The shell's markup in both languages; the one of <html lang> shows. `bare` draws the login card instead. */
export function shellMarkup(bare: boolean): string {
  const title = both(zhApp['app.title'], enApp['app.title']);
  return (
    `<div class="app-frame boot${bare ? ' boot-bare' : ''}">` +
    `<header class="app-header"><div class="app-header-inner"><span class="app-brand">` +
    `<img src="/logo.svg" alt="" width="28" height="28"><span>${title}</span></span></div></header>` +
    `<main class="app-main">${PLACEHOLDERS}</main>` +
    `<div class="boot-login"><div class="boot-card"><img src="/logo.svg" alt="" width="48" height="48">` +
    `<h1>${both(zhLogin['pages.login.title'], enLogin['pages.login.title'])}</h1></div></div></div>`
  );
}
