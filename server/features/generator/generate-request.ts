import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { REQUEST_TOO_LARGE_MESSAGE } from "#server/body-limits.ts";
import { type GenerateRequest, GenerateRequestSchema, refuseThreadOffX } from "#shared/generator.schemas.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import { GenerateBodyRefused, readGenerateBody, type UploadedImage } from "./generate-body.ts";

// Takes the place of validateJson for POST /generate (ADR 0057): the same schema, German answers
// and codes (ADR 0055), but the body is read as a stream, so the image arrives as bytes beside
// the fields. The browser's client still sees the spec's JSON request type.

/** The fields as the schema checks them; the data URL itself was taken out of the body. */
const GenerateFieldsSchema = GenerateRequestSchema.extend({
  imageData: z.null({ error: GENERATOR_MESSAGES.imageUnreadable }).optional(),
}).superRefine(refuseThreadOffX);

export type GenerationRequest = Omit<GenerateRequest, "imageData">;

type GenerateInput = {
  in: { json: z.input<typeof GenerateRequestSchema> };
  out: { json: { request: GenerationRequest; image: UploadedImage | null } };
};

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export const readGenerateRequest = createMiddleware<AppEnv, string, GenerateInput>(async (c, next) => {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
  let body: Awaited<ReturnType<typeof readGenerateBody>> = { fields: {}, image: null };
  // Like Hono's JSON validator: a body of another type is not read, and the schema refuses {}.
  if (JSON_MEDIA_TYPE.test(mediaType)) {
    try {
      // No body at all is malformed JSON too, as for c.req.json().
      if (!c.req.raw.body) throw new GenerateBodyRefused("invalid-json");
      body = await readGenerateBody(c.req.raw.body);
    } catch (error) {
      // The rest of a refused body is left unsent: the client stops, the next request gets a new connection.
      const close = { Connection: "close" };
      if (error instanceof GenerateBodyRefused && error.reason === "image")
        return answerError(c, 400, "INVALID_INPUT", error.message, close);
      if (error instanceof GenerateBodyRefused && error.reason === "fields-too-large")
        return answerError(c, 413, "REQUEST_TOO_LARGE", REQUEST_TOO_LARGE_MESSAGE, close);
      // Not JSON, or a body that broke off: the client's mistake, answered as for any route.
      throw new HTTPException(400, { message: "Malformed JSON in request body" });
    }
  }
  const parsed = GenerateFieldsSchema.safeParse(body.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue && issue.path.length > 0 ? issue.message : GENERATOR_MESSAGES.keyPointsBlank;
    return answerError(c, 400, "INVALID_INPUT", message);
  }
  const { imageData: _none, ...request } = parsed.data;
  c.req.addValidatedData("json", { request, image: body.image });
  await next();
});
