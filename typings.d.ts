declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png';
declare module '*.css';
declare module '*.less';
