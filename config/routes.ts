export default [{ path: '/', component: './Home' }];
