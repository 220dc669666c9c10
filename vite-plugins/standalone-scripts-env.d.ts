/** See standalone-scripts.ts: a page's standalone client script, by name. */
declare module "virtual:standalone-script/*" {
  const script: { src: string; preload: string[] };
  export default script;
}
