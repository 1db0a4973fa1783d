import type { MessagePort } from "node:worker_threads";
import { GenerateBodyParser, GenerateBodyRefused } from "./generate-body.ts";

// A thread of the pool in generate-body-thread.ts (ADR 0082): the body of one POST /generate
// arrives here chunk by chunk over `port`, and the same parser as on the main thread follows the
// JSON, decodes the data URL and parses the fields. The event loop that answers every other
// request only hands the chunks on; the base64 text, its strings and their garbage live here.

/** Main thread → here: a chunk of the body, or its end. */
export type BodyMessage = { chunk: Uint8Array } | { end: true };

/** Here → main thread: each chunk taken, then once the outcome (the image's bytes moved, not copied). */
export type BodyReply =
  | { ack: true }
  | { ok: true; fields: unknown; image: { bytes: Uint8Array; mediaType: string } | null }
  | { ok: false; refused: GenerateBodyRefused["reason"]; message: string }
  | { ok: false; failed: string };

export function readBodyInThread({ port }: { port: MessagePort }): Promise<void> {
  const parser = new GenerateBodyParser();
  return new Promise<void>((resolve) => {
    const reply = (message: BodyReply, transfer: ArrayBuffer[] = []) => {
      port.postMessage(message, transfer);
      port.close();
    };
    // The main thread closes its end when the request is gone (or once it has the outcome).
    port.once("close", () => resolve());
    port.on("message", (message: BodyMessage) => {
      try {
        if ("chunk" in message) {
          parser.push(message.chunk);
          port.postMessage({ ack: true } satisfies BodyReply);
          return;
        }
        const { fields, image } = parser.end();
        if (!image) return reply({ ok: true, fields, image: null });
        // The decoder's buffer is the image's own (IMAGE_MAX_BYTES, never pooled): moved as it is.
        const bytes = new Uint8Array(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength);
        reply({ ok: true, fields, image: { bytes, mediaType: image.mediaType } }, [bytes.buffer as ArrayBuffer]);
      } catch (error) {
        if (error instanceof GenerateBodyRefused) reply({ ok: false, refused: error.reason, message: error.message });
        else reply({ ok: false, failed: error instanceof Error ? error.message : String(error) });
      }
    });
  });
}
