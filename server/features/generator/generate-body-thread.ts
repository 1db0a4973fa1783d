import os from "node:os";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { GenerateBodyRefused, type UploadedImage } from "./generate-body.ts";
import type { BodyMessage, BodyReply } from "./generate-body.worker.ts";

// ADR 0082: the body of an upload to POST /generate is parsed and its data URL decoded in a worker
// thread, not on the event loop. ADR 0057 already reads it as a stream, but decoding 13 MB of base64
// text into the image, and the strings and garbage that come with it, still cost the main thread
// tens of milliseconds per upload and GC pauses beside them, and every /healthz or page request
// waited behind that. Here the main thread only hands each chunk on.

/** One thread on a machine with two cores (the other is the event loop's), two on larger ones. */
export const BODY_THREADS = Math.min(2, Math.max(1, os.availableParallelism() - 1));
/** A thread costs some 20 MB while it lives: it goes after a minute without an upload. */
const BODY_THREAD_IDLE_MS = 60_000;
/**
 * Bodies one thread reads at once: each waits for its next chunk most of the time. The admission
 * (ADR 0050: 48 MiB of bodies in flight) keeps the real number at a handful.
 */
const BODIES_PER_THREAD = 16;
/**
 * Chunks handed on before the thread has taken them. Small, so that a refused image (a GIF after
 * its first bytes) stops the reading after a chunk or two, as on the main thread (ADR 0057), and
 * the network, not a queue in memory, holds what the thread has not read yet.
 */
const CHUNKS_AHEAD = 2;

const WORKER_FILE = new URL("./generate-body.worker.ts", import.meta.url).href;

/**
 * The thread needs tsx to load TypeScript. The server runs under `node --import tsx`, and a thread
 * inherits the process's options; a runner without it (Vitest) gets it here.
 */
function workerExecArgv(): string[] | undefined {
  const execArgv = process.execArgv;
  const hasTsx = execArgv.some(
    (argument, index) => argument === "--import=tsx" || (argument === "tsx" && execArgv[index - 1] === "--import"),
  );
  return hasTsx ? undefined : ["--import", "tsx"];
}

let pool: Piscina | null = null;

/** Started with the first upload, not with the server: most processes never see one. */
function bodyPool(): Piscina {
  pool ??= new Piscina({
    filename: WORKER_FILE,
    name: "readBodyInThread" satisfies keyof typeof import("./generate-body.worker.ts"),
    minThreads: 0,
    maxThreads: BODY_THREADS,
    idleTimeout: BODY_THREAD_IDLE_MS,
    concurrentTasksPerWorker: BODIES_PER_THREAD,
    execArgv: workerExecArgv(),
  });
  return pool;
}

/**
 * Like readGenerateBody (generate-body.ts), with the parsing in a thread of the pool: the same
 * fields, the same image bytes, the same GenerateBodyRefused for the same bodies. The rest of a
 * refused body is left unread.
 */
export async function readGenerateBodyInThread(
  body: ReadableStream<Uint8Array>,
): Promise<{ fields: unknown; image: UploadedImage | null }> {
  const { port1: port, port2: threadPort } = new MessageChannel();
  let outcome: Exclude<BodyReply, { ack: true }> | null = null;
  let ahead = 0;
  let wake: (() => void) | null = null;
  const settled = new Promise<void>((resolve) => {
    port.on("message", (reply: BodyReply) => {
      if ("ack" in reply) ahead -= 1;
      else {
        outcome = reply;
        resolve();
      }
      wake?.();
    });
    // A thread that died (out of memory, a crash) closes its end without an outcome.
    port.once("close", () => {
      resolve();
      wake?.();
    });
  });
  const task = bodyPool().run({ port: threadPort }, { transferList: [threadPort] });
  const send = (message: BodyMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  try {
    for await (const chunk of body.values({ preventCancel: true })) {
      if (outcome) break;
      // A copy of exactly the chunk: its buffer moves to the thread, and a chunk that is a view
      // into a larger buffer would otherwise take all of it along.
      const copy = new Uint8Array(chunk);
      send({ chunk: copy }, [copy.buffer]);
      ahead += 1;
      while (ahead >= CHUNKS_AHEAD && !outcome) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!outcome) send({ end: true });
    await settled;
  } finally {
    port.close();
    await task.catch(() => undefined);
  }
  return toResult(outcome);
}

function toResult(outcome: Exclude<BodyReply, { ack: true }> | null) {
  if (!outcome) throw new Error("Der Thread für den Anfragekörper endete ohne Ergebnis");
  if (outcome.ok) {
    const image = outcome.image && {
      bytes: Buffer.from(outcome.image.bytes.buffer, outcome.image.bytes.byteOffset, outcome.image.bytes.byteLength),
      mediaType: outcome.image.mediaType,
    };
    return { fields: outcome.fields, image };
  }
  if ("refused" in outcome) throw new GenerateBodyRefused(outcome.refused, outcome.message);
  throw new Error(`Anfragekörper im Thread nicht gelesen: ${outcome.failed}`);
}
