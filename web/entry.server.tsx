/**
 * Renders the pages for the page store (server/pages/render-page.ts): never
 * per request, but once per build and at each publish. Unlike React Router's default it
 * waits for every part and writes each in its place, so the parts whose code
 * loads lazily (the forms) are in the HTML as they are shown, not streamed
 * after the page.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";

// Pages render into the page store, not while a visitor waits: a machine busy with a full render
// (or with tests) may take seconds for one, which must not fail it.
export const streamTimeout = 30_000;

/**
 * A loader's or a render's error goes to the renderer, which keeps the page's previous version
 * live and says why (server/pages/render-page.ts); without one, to the console.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (!request.signal.aborted) reportError(error, context);
};

function reportError(error: unknown, context: unknown) {
  const report = (context as Record<string, unknown> | undefined)?.reportRenderError;
  if (typeof report === "function") report(error);
  else console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: unknown,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let abortRendering = () => {};
    const timeout = setTimeout(() => abortRendering(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // React would still move a large finished part (a form) to the end of
        // the page, to be put in place by a script; here everything stays in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timeout);
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          reportError(error, loadContext);
        },
      },
    );
    abortRendering = abort;
  });
}
