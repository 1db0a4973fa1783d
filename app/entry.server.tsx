import { prerender } from "react-dom/static";
import { type EntryContext, ServerRouter } from "react-router";

// With `ssr: false` this runs only at build time, for the prerendered pages and the SPA fallback,
// so every page is rendered whole before it is written. React's default moves the content of a
// large Suspense boundary to the end of the document and swaps it in with an inline script; here
// it stays in place, so the page paints as it is and the boundary only splits hydration.
const KEEP_SUSPENSE_CONTENT_IN_PLACE = Number.MAX_SAFE_INTEGER;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const { prelude } = await prerender(<ServerRouter context={routerContext} url={request.url} />, {
    progressiveChunkSize: KEEP_SUSPENSE_CONTENT_IN_PLACE,
  });
  responseHeaders.set("Content-Type", "text/html");
  return new Response(prelude, { headers: responseHeaders, status: responseStatusCode });
}
