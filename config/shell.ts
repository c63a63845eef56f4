/**
 * The app shell that a phone paints from the HTML document alone, before any JavaScript has arrived (issue 17): the
 * top bar with the logo and the title over grey placeholders, or, on the pages without the top bar (login, the
 * sandbox wallet), the login card's logo and heading. The candidate's login page, where a phone's first visit lands,
 * has a shell of its own: its card with its real texts, the form as grey bars, so what a visitor reads is there
 * before the JavaScript. The same markup is the loading screen while the app fetches the user and the page's code
 * (src/loading.tsx), and the top bar's styles are the top layout's own, so it does not move when React takes over.
 * config/shellPlugin.ts writes them into index.html and into the pages' own documents (PRERENDERED_PATHS).
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
.login-frame{min-height:100vh;display:flex;flex-direction:column;background:#f5f5f5}
.login-top{height:48px}
.login-main{flex:1;display:flex;align-items:center;justify-content:center;padding:16px}
.login-card{box-sizing:border-box;width:100%;max-width:420px;padding:24px;background:#fff;border:1px solid #f0f0f0;border-radius:8px}
.login-head{display:flex;flex-direction:column;align-items:center;gap:8px;margin-bottom:16px}
.login-head h1{font-size:24px;margin:0}
.login-card p{color:rgba(0,0,0,.65);margin:16px 0 0;line-height:22px}
.login-head p{margin:0;text-align:center}
.login-card .login-agreement{margin-top:4px}
.login-label{height:22px;width:30%;margin-bottom:8px;border-radius:4px;background:rgba(0,0,0,.06)}
.login-control{height:40px;border-radius:8px;background:rgba(0,0,0,.04)}
.login-item{margin-bottom:24px}
`
  .trim()
  .replaceAll('\n', '');

const both = (zh: string, en: string) => `<span class="boot-zh">${zh}</span><span class="boot-en">${en}</span>`;

/** Grey bars where a page's heading and cards will be. */
export const PLACEHOLDERS = '<div class="boot-bar" style="width:40%"></div><div class="boot-block"></div>'.repeat(2);

/** The routes drawn without the top bar (layout: false in config/routes.ts). */
export const BARE_PATHS = /^\/(user\/login|ops\/login|pay\/sandbox\/)/i;

/** The candidate's login page: its document is written at this path too (config/shellPlugin.ts). */
const LOGIN_PATH = '/user/login';

/** The pages whose own document (<path>/index.html) the build writes, with their own shell; the server serves it. */
export const PRERENDERED_PATHS = [LOGIN_PATH];

/** A login text in both languages, without its link tags (the shell has no links). */
const loginText = (id: keyof typeof zhLogin & keyof typeof enLogin) => {
  const plain = (text: string) => text.replace(/<\/?\w+>/g, '');
  return both(plain(zhLogin[id]), plain(enLogin[id]));
};

/**
 * The login page (src/pages/User/Login) before its code has run: the card with its logo, title, subtitle and notes
 * as the page draws them, its form as grey bars. The notes' lines sit 22 px apart, a little looser than the page's
 * 18.4 px: Chrome takes the page's own copy of a text, painted seconds later, for new content (its largest paint)
 * when its area, rounded to device pixels, comes out even slightly larger than the shell's (13,803 against 13,482 px²
 * for the same 320 x 42 text box, seen on a 412 px phone), though the reader sees nothing new.
 */
function loginShellMarkup(): string {
  const item = (controlHeight: number) =>
    `<div class="login-item"><div class="login-label"></div><div class="login-control" style="height:${controlHeight}px"></div></div>`;
  return (
    '<div class="login-frame"><div class="login-top"></div><main class="login-main"><section class="login-card">' +
    `<div class="login-head"><img src="/logo.svg" alt="" width="48" height="48"><h1>${loginText('pages.login.title')}</h1>` +
    `<p>${loginText('pages.login.subtitle')}</p></div>` +
    `${item(32)}${item(40)}${item(40)}<div class="login-control"></div>` +
    `<p>${loginText('pages.login.signUpNote')}</p><p class="login-agreement">${loginText('pages.login.agreement')}</p>` +
    '</section></main></div>'
  );
}

/** The shell of the page at `path`: the login page's own, the bare card, or the top bar over placeholders. */
export function shellFor(path: string): string {
  if (path.replace(/\/+$/, '').toLowerCase() === LOGIN_PATH) return loginShellMarkup();
  return shellMarkup(BARE_PATHS.test(path));
}

/** The shell's markup in both languages; the one of <html lang> shows. `bare` draws the login card instead. */
function shellMarkup(bare: boolean): string {
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
