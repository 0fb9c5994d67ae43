/** The baseline remote's exposed module: bench/baseline/remote/src/app.ts. */
declare module 'baseline_remote/app' {
  // An ambient module cannot hold an import declaration with a relative path: an import() type it is.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const App: typeof import('../../remote/src/app.ts').default;
  export default App;
}
