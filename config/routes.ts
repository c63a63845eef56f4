/**
 * Every screen of spec section 2. All routes are hidden from menus: the top bar carries no navigation, the user
 * menu and the footer do. `name` only feeds breadcrumbs and the page title (`menu.<name>` in src/locales): every
 * route that draws a page has one (src/components/DocumentTitle).
 * `access` names come from src/access.ts; an unaccessible route renders the localized 403 of src/app.tsx. The
 * operators' console (/ops) draws its own menu of the sections the operator's permissions open (src/pages/Ops).
 */
export interface AppRoute {
  path: string;
  component?: string;
  redirect?: string;
  name?: string;
  access?: string;
  layout?: false;
  hideInMenu: true;
}

const routes: AppRoute[] = [
  { path: '/user/login', name: 'login', component: './User/Login', layout: false, hideInMenu: true },
  { path: '/', redirect: '/home', hideInMenu: true },
  { path: '/index.html', redirect: '/home', hideInMenu: true },
  { path: '/home', name: 'home', component: './Home', hideInMenu: true },
  { path: '/home/examlist', name: 'examlist', component: './ExamList', hideInMenu: true },
  { path: '/home/profile', name: 'profile', component: './Profile', hideInMenu: true },
  {
    path: '/home/singleRegistration',
    name: 'singleRegistration',
    component: './SingleRegistration',
    access: 'canStudent',
    hideInMenu: true,
  },
  {
    path: '/home/exams/:id/queue',
    name: 'queue',
    component: './WaitingRoom',
    access: 'canStudent',
    hideInMenu: true,
  },
  { path: '/home/waitlist', name: 'waitlist', component: './Waitlist', access: 'canStudent', hideInMenu: true },
  {
    path: '/home/gRegistration',
    name: 'gRegistration',
    component: './GroupRegistration',
    access: 'canStudent',
    hideInMenu: true,
  },
  { path: '/home/center', name: 'center', component: './Center', access: 'canTestCenter', hideInMenu: true },
  {
    path: '/home/center/exams/:id',
    name: 'center',
    component: './Center/Exam',
    access: 'canTestCenter',
    hideInMenu: true,
  },
  { path: '/home/ticket', name: 'ticket', component: './Ticket', hideInMenu: true },
  { path: '/home/result', name: 'result', component: './Result', hideInMenu: true },
  { path: '/home/transaction', name: 'transaction', component: './Transaction', hideInMenu: true },
  {
    path: '/home/notifications',
    name: 'notifications',
    component: './Notifications',
    access: 'canStudent',
    hideInMenu: true,
  },
  {
    path: '/home/transaction/:id/receipt',
    name: 'receipt',
    component: './Transaction/Receipt',
    access: 'canStudent',
    hideInMenu: true,
  },

  {
    path: '/home/examiner/scan',
    name: 'examinerScan',
    component: './Examiner/Scan',
    access: 'canExaminer',
    hideInMenu: true,
  },
  { path: '/home/termsOfUse', name: 'termsOfUse', component: './Legal/TermsOfUse', hideInMenu: true },
  { path: '/home/risk', name: 'risk', component: './Legal/Risk', hideInMenu: true },
  { path: '/home/privacyPolicy', name: 'privacyPolicy', component: './Legal/PrivacyPolicy', hideInMenu: true },
  { path: '/ops/login', name: 'ops.login', component: './Ops/Login', layout: false, hideInMenu: true },
  { path: '/ops', name: 'ops.dashboard', component: './Ops/Dashboard', access: 'canOperator', hideInMenu: true },
  { path: '/ops/centers', name: 'ops.centers', component: './Ops/Centers', access: 'canOpsCenters', hideInMenu: true },
  { path: '/ops/catalog', name: 'ops.catalog', component: './Ops/Catalog', access: 'canOpsCatalog', hideInMenu: true },
  {
    path: '/ops/operators',
    name: 'ops.operators',
    component: './Ops/Operators',
    access: 'canOpsOperators',
    hideInMenu: true,
  },
  { path: '/ops/orders', name: 'ops.orders', component: './Ops/Orders', access: 'canOpsFinance', hideInMenu: true },
  {
    path: '/ops/support',
    name: 'ops.support',
    component: './Ops/Support',
    access: 'canOpsSupport',
    hideInMenu: true,
  },
  { path: '/ops/audit', name: 'ops.audit', component: './Ops/Audit', access: 'canOpsAudit', hideInMenu: true },
  { path: '/exception', name: 'exception', component: './Exception', hideInMenu: true },
  { path: '/verify', name: 'verify', component: './Verify', hideInMenu: true },
  { path: '/pay/sandbox/:orderId', name: 'wallet', component: './Wallet', layout: false, hideInMenu: true },
  { path: '*', name: 'notFound', component: './404', hideInMenu: true },
];

export default routes;
