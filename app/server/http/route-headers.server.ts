// React Router puts a route's loader and action headers on the document only through the route's
// `headers` export (cookies excepted: it merges those itself). Routes whose forms answer with
// headers (a 429's Retry-After) export `headers = documentHeaders`.
export function documentHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const out = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const [name, value] of source) if (name !== "set-cookie") out.set(name, value);
  }
  return out;
}
