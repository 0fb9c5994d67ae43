declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
/** The shell namespace read by the first paint (first-paint/strings.ts): a module apart from the namespace. */
declare module '*.json?first-paint' {
  // An ambient module cannot import a relative path, so the type is named inline.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const strings: typeof import('./locales/en.json');
  export default strings;
}
