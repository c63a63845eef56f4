/**
 * The app shell that a phone paints from the HTML document alone, before any JavaScript has arrived (issue 17): the
 * top bar with the logo and the title over grey placeholders, or, on the pages without the top bar (login, the
 * sandbox wallet), the login card's logo and heading. The two pages a phone's first visit lands on have shells of
 * their own, with their real texts: the candidate's login page (its card, the form as grey bars) and the home page
 * (the top bar over the welcome and the five steps), so what a visitor reads is there before the JavaScript; My Exams,
 * where a candidate goes next, has its title and lead. The same markup is the loading screen while the app fetches
 * the user and the page's code (src/loading.tsx), and the top bar's styles are the top layout's own, so it does not
 * move when React takes over.
 * config/shellPlugin.ts writes them into index.html and into the pages' own documents (PRERENDERED_PATHS).
 */

import { logoMarkup } from '../src/components/Logo';
import enApp from '../src/locales/en-US/app';
import enHome from '../src/locales/en-US/home';
import enLogin from '../src/locales/en-US/login';
import enMenu from '../src/locales/en-US/menu';
import enPages from '../src/locales/en-US/pages';
import zhApp from '../src/locales/zh-CN/app';
import zhHome from '../src/locales/zh-CN/home';
import zhLogin from '../src/locales/zh-CN/login';
import zhMenu from '../src/locales/zh-CN/menu';
import zhPages from '../src/locales/zh-CN/pages';
import { HOME_STEPS } from '../src/pages/Home/steps';

/** antd's font stack: the shell's texts are set in the font the page's own copies will have. */
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif";

/**
 * The page's content is 1152 px wide at most (as ProLayout's fixed width was), inside 40 px margins on wider screens;
 * the page grey reaches the bottom of the window and beyond. On a phone the header's buttons show their icons only
 * (their names are their aria-labels), so the title keeps its room.
 */
export const SHELL_CSS = `
html,body{margin:0;background:#f5f5f5}
.app-frame{min-height:100vh;display:flex;flex-direction:column}
.app-header{position:sticky;top:0;z-index:100;height:56px;background:#fff;border-bottom:1px solid rgba(5,5,5,.06)}
.app-header-inner{box-sizing:border-box;max-width:1232px;height:56px;margin:0 auto;padding:0 16px;display:flex;align-items:center;justify-content:space-between;gap:8px}
.app-brand{display:flex;align-items:center;gap:8px;min-width:0;color:rgba(0,0,0,.88);text-decoration:none}
.app-brand svg{flex:none}
.app-brand span{font-size:18px;font-weight:600;line-height:56px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.app-main{box-sizing:border-box;flex:1 0 calc(100vh - 56px);width:100%;max-width:1232px;margin:0 auto;padding:16px}
@media (min-width:768px){.app-main{padding:24px 40px}.app-header-inner{padding:0 40px}}
@media (max-width:575px){.app-header-label{display:none}}
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
.boot-page{display:flex;flex-direction:column;gap:16px;padding:16px 0;font-size:14px;line-height:22px;color:rgba(0,0,0,.88);font-family:${FONT}}
.page-title{font-size:24px;line-height:32px;font-weight:500;margin:0}
.page-lead{margin:0;font-family:${FONT};font-size:16px;line-height:25px;color:rgba(0,0,0,.65)}
.boot-page .page-lead{line-height:26px}
.home-card{background:#fff;border:1px solid #f0f0f0;border-radius:8px;padding:24px}
.home-card h1{font-size:28px;line-height:45px;font-weight:600;margin:0 0 14px}
.home-lead{font-size:16px;line-height:26px;max-width:760px;margin:0 0 16px}
.home-cta{width:150px;height:40px;border-radius:8px;background:rgba(0,0,0,.06)}
.home-card.home-steps{padding:0}
.home-steps h2{box-sizing:border-box;min-height:56px;margin:0;padding:14px 24px;border-bottom:1px solid #f0f0f0;font-size:18px;line-height:28px;font-weight:500}
.home-steps ol{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:24px;list-style:none;margin:0;padding:24px}
.home-steps li{display:flex;gap:12px}
.home-icon{flex:none;width:28px;height:28px;border-radius:50%;background:rgba(0,0,0,.06)}
.home-steps h3{font-size:16px;line-height:25px;font-weight:500;margin:0}
.home-steps p{margin:4px 0 0;color:rgba(0,0,0,.65)}
`

  .trim()
  .replaceAll('\n', '');

const both = (zh: string, en: string) => `<span class="boot-zh">${zh}</span><span class="boot-en">${en}</span>`;

/** Grey bars where a page's heading and cards will be. */
const PLACEHOLDERS = '<div class="boot-bar" style="width:40%"></div><div class="boot-block"></div>'.repeat(2);

/** The routes drawn without the top bar (layout: false in config/routes.ts). */
export const BARE_PATHS = /^\/(user\/login|ops\/login|pay\/sandbox\/)/i;

/** The candidate's login page, the home page and My Exams: their documents are written at these paths too. */
export const LOGIN_PATH = '/user/login';
export const HOME_PATH = '/home';
export const EXAMLIST_PATH = '/home/examlist';

/** The pages whose own document (<path>/index.html) the build writes, with their own shell; the server serves it. */
export const PRERENDERED_PATHS = [LOGIN_PATH, HOME_PATH, EXAMLIST_PATH];

/** `path` names the page at `page`, whatever its case and trailing slashes (as the router and the server take it). */
const isPage = (path: string, page: string) => path.replace(/\/+$/, '').toLowerCase() === page;

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
    `<div class="login-head">${logoMarkup(48)}<h1>${loginText('pages.login.title')}</h1>` +
    `<p>${loginText('pages.login.subtitle')}</p></div>` +
    `${item(32)}${item(40)}${item(40)}<div class="login-control"></div>` +
    `<p>${loginText('pages.login.signUpNote')}</p><p class="login-agreement">${loginText('pages.login.agreement')}</p>` +
    '</section></main></div>'
  );
}

/** A home-page text in both languages. */
const homeText = (id: keyof typeof zhHome & keyof typeof enHome) => both(zhHome[id], enHome[id]);

/**
 * The home page (src/pages/Home) before its code has run: the welcome card with its title and text, its button as a
 * grey bar, and the five steps with their texts, their icons as grey dots; the upcoming exams below as a grey block.
 * The title's and the text's lines sit a pixel further apart than the page's (45 and 26 px against 44 and 25.6), so
 * the page's own copy is never the larger paint (see loginShellMarkup).
 */
function homeMainMarkup(): string {
  const steps = HOME_STEPS.map(
    (id, index) =>
      `<li><span class="home-icon"></span><div><h3>${index + 1}. ${homeText(`pages.home.steps.${id}`)}</h3>` +
      `<p>${homeText(`pages.home.steps.${id}.description`)}</p></div></li>`,
  ).join('');
  return (
    `<div class="boot-page"><section class="home-card"><h1>${homeText('pages.home.hero.title')}</h1>` +
    `<p class="home-lead">${homeText('pages.home.hero.description')}</p><div class="home-cta"></div></section>` +
    `<section class="home-card home-steps"><h2>${homeText('pages.home.steps.title')}</h2><ol>${steps}</ol></section>` +
    '<div class="boot-block"></div></div>'
  );
}

/**
 * My Exams (src/pages/ExamList) before its code has run: its title and the lead that says what the page holds and how
 * to search it, the lists below as grey blocks (whose lists they are depends on who is logged in). The page draws its
 * title and lead with the same classes and texts; the shell's lead lines sit a pixel further apart (26 against 25 px),
 * so the page's own copy is never the larger paint.
 */
function examListMainMarkup(): string {
  // Texts of the app's first load (src/locales/<lang>.ts), so the shell adds none of the page's own to it.
  const lead = both(zhPages['pages.examlist.lead'], enPages['pages.examlist.lead']);
  return (
    `<div class="boot-page"><h1 class="page-title">${both(zhMenu['menu.examlist'], enMenu['menu.examlist'])}</h1>` +
    `<p class="page-lead">${lead}</p><div class="boot-block"></div><div class="boot-block"></div></div>`
  );
}

/** What the top layout's page area shows before the page's code has run: the page's own shell, or grey bars. */
export function mainShellFor(path: string): string {
  if (isPage(path, HOME_PATH)) return homeMainMarkup();
  return isPage(path, EXAMLIST_PATH) ? examListMainMarkup() : PLACEHOLDERS;
}

/** The shell of the page at `path`: the login page's own, the bare card, or the top bar over the page's main shell. */
export function shellFor(path: string): string {
  if (isPage(path, LOGIN_PATH)) return loginShellMarkup();
  return shellMarkup(BARE_PATHS.test(path), mainShellFor(path));
}

/** The shell's markup in both languages; the one of <html lang> shows. `bare` draws the login card instead. */
function shellMarkup(bare: boolean, main: string): string {
  const title = both(zhApp['app.title'], enApp['app.title']);
  return (
    `<div class="app-frame boot${bare ? ' boot-bare' : ''}">` +
    `<header class="app-header"><div class="app-header-inner"><span class="app-brand">` +
    `${logoMarkup(28)}<span>${title}</span></span></div></header>` +
    `<main class="app-main">${main}</main>` +
    `<div class="boot-login"><div class="boot-card">${logoMarkup(48)}` +
    `<h1>${both(zhLogin['pages.login.title'], enLogin['pages.login.title'])}</h1></div></div></div>`
  );
}
