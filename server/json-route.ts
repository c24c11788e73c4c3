/**
 * The one way into every JSON route (the forms, the auth API): a body limit
 * enforced while reading, JSON in UTF-8 only, no text PostgreSQL cannot
 * store, and the shared zod schema. Every refusal is an `ApiError`; each API's
 * error handler renders it in its own wire shape.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as z from "zod/mini";
import { messages } from "#shared/form-schemas";
import { ApiError } from "./api-error";

/** Builds the error for a body the schema refused: `field` is the first field named, if any. */
export type InvalidBody = (
  message: string,
  field: string | undefined,
  fields: Record<string, string> | undefined,
) => ApiError;

export type JsonBodyOptions = {
  /** The largest body accepted, in bytes; a larger one is refused with 413 before it is read whole. */
  maxBytes: number;
  /** The error for a body the schema refused; by default 422 `validation_failed` with field messages. */
  invalid?: InvalidBody;
};

export const jsonMessages = {
  tooLarge: "Odeslaná data jsou příliš velká.",
  notJson:
    "Data je třeba odeslat ve formátu JSON v kódování UTF-8 (Content-Type: application/json).",
  notUtf8: "Odeslaná data nejsou v kódování UTF-8.",
  badJson: "Odeslaná data se nepodařilo přečíst.",
  aborted: "Spojení se přerušilo dřív, než dorazila všechna data. Zkuste to prosím znovu.",
  methodNotAllowed: "Tato adresa tuto metodu nepodporuje.",
} as const;

const defaultInvalid: InvalidBody = (message, _field, fields) =>
  new ApiError(422, "validation_failed", message, fields);

/**
 * Middleware: validates the JSON body with `schema`; the handler reads the
 * result with `c.req.valid("json")`.
 */
export function jsonBody<S extends z.ZodMiniType>(
  schema: S,
  options: JsonBodyOptions,
): MiddlewareHandler<
  // biome-ignore lint/suspicious/noExplicitAny: any environment, as hono's own validator
  any,
  string,
  { in: { json: z.input<S> }; out: { json: z.output<S> } }
> {
  return async (c, next) => {
    c.req.addValidatedData("json", (await readJsonBody(c, schema, options)) as object);
    await next();
  };
}

/** The same checks inside a handler, where the schema depends on the request (say, a query parameter). */
export async function readJsonBody<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
  { maxBytes, invalid = defaultInvalid }: JsonBodyOptions,
): Promise<z.output<S>> {
  requireJsonInUtf8(c);
  const text = await readLimitedText(c, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", jsonMessages.badJson);
  }
  return validate(value, schema, invalid);
}

/**
 * Middleware: the query parameters (the first of each name), checked with a shared schema as a
 * body is; the handler reads the result with `c.req.valid("query")`.
 */
export function queryParams<S extends z.ZodMiniType>(
  schema: S,
  invalid: InvalidBody = defaultInvalid,
): MiddlewareHandler<
  // biome-ignore lint/suspicious/noExplicitAny: any environment, as hono's own validator
  any,
  string,
  { in: { query: z.input<S> }; out: { query: z.output<S> } }
> {
  return async (c, next) => {
    c.req.addValidatedData("query", validate(c.req.query(), schema, invalid) as object);
    await next();
  };
}

function validate<S extends z.ZodMiniType>(
  value: unknown,
  schema: S,
  invalid: InvalidBody,
): z.output<S> {
  refuseUnstorableText(value);
  const parsed = schema.safeParse(value, { error: czechDefaultMessage });
  if (!parsed.success) {
    const fields = toFieldMessages(parsed.error.issues);
    const [field, message] = Object.entries(fields ?? {})[0] ?? [
      undefined,
      parsed.error.issues[0]?.message ?? messages.payloadInvalid,
    ];
    throw invalid(message, field, fields);
  }
  return parsed.data;
}

/**
 * A short JSON answer with its length declared: the compression middleware
 * then leaves it as it is (gzip would only make 50 bytes longer), and does
 * not have to copy the finished answer to add its `Vary` header.
 */
export function shortJson(c: Context, data: unknown, status: ContentfulStatusCode): Response {
  const body = JSON.stringify(data);
  return c.body(body, status, {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
  });
}

/** Middleware for routes that take no body: a body over `maxBytes` is refused before it is read. */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: maxBytes, onError: refuseTooLarge });
  return async (c, next) => {
    try {
      return await limit(c, next);
    } catch (error) {
      // Counting a chunked body reads it: the client may leave meanwhile.
      if (clientLeft(c, error)) throw abortedByClient();
      throw error;
    }
  };
}

/** The handler of a known path for every method it does not serve: 405 with `Allow`. */
export function refuseOtherMethods(...allowed: string[]): MiddlewareHandler {
  const allow =
    allowed.includes("GET") && !allowed.includes("HEAD") ? [...allowed, "HEAD"] : allowed;
  return () => {
    throw new ApiError(405, "method_not_allowed", jsonMessages.methodNotAllowed, undefined, {
      Allow: allow.join(", "),
    });
  };
}

// The rest of the body is never read: the connection closes after the answer,
// so the client does not send its next request on a socket about to close.
function refuseTooLarge(): never {
  throw new ApiError(413, "payload_too_large", jsonMessages.tooLarge, undefined, {
    Connection: "close",
  });
}

/**
 * JSON only, and only in UTF-8: a cross-site form can post text/plain, and a
 * body in another charset would be stored garbled.
 */
function requireJsonInUtf8(c: Context) {
  const [mediaType = "", ...parameters] = (c.req.header("Content-Type") ?? "").split(";");
  const charset = parameters
    .map((parameter) => parameter.split("="))
    .find(([name]) => name?.trim().toLowerCase() === "charset")?.[1];
  // "utf8" is the one other label browsers and libraries send for UTF-8.
  const isUtf8 =
    charset === undefined ||
    ["utf-8", "utf8"].includes(
      charset
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .toLowerCase(),
    );
  if (mediaType.trim().toLowerCase() !== "application/json" || !isUtf8) {
    throw new ApiError(415, "unsupported_media_type", jsonMessages.notJson);
  }
}

/** Reads the body as UTF-8 text, stopping as soon as it passes `maxBytes`. */
export async function readLimitedText(c: Context, maxBytes: number): Promise<string> {
  let bytes = new ArrayBuffer(0);
  const declaredLength = c.req.header("Content-Length");
  try {
    if (declaredLength !== undefined && c.req.header("Transfer-Encoding") === undefined) {
      // Node's parser reads exactly the declared length, so checking it is enough; the
      // body is then read straight from the socket, without a web stream around it
      // (that Request and stream were a few per cent of a submission's CPU under load).
      if (Number(declaredLength) > maxBytes) refuseTooLarge();
      bytes = await c.req.arrayBuffer();
    } else {
      // A body of unknown length: counted as it arrives, refused once over the limit.
      await bodyLimit({ maxSize: maxBytes, onError: refuseTooLarge })(c, async () => {
        bytes = await c.req.arrayBuffer();
      });
    }
  } catch (error) {
    if (clientLeft(c, error)) throw abortedByClient();
    throw error;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, "invalid_encoding", jsonMessages.notUtf8);
  }
}

/**
 * True when `error` is Node's for a request whose connection closed before its
 * body ended: the error says so, and the request's body did not complete (a
 * database connection reset further down is the server's failure, not this).
 */
function clientLeft(c: Context, error: unknown): boolean {
  const incoming = (c.env as { incoming?: { complete: boolean } } | undefined)?.incoming;
  if (incoming?.complete !== false) return false;
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as NodeJS.ErrnoException).code === "ECONNRESET" || cause.message === "aborted") {
      return true;
    }
  }
  return false;
}

/** The client left before its body ended: its failure, not the server's (no one reads the answer). */
function abortedByClient() {
  return new ApiError(400, "request_aborted", jsonMessages.aborted);
}

// Half of a surrogate pair (with the u flag a lone half reads as its own code point).
const loneSurrogate = /\p{Cs}/u;

/** True when PostgreSQL could not store this text: a NUL character or a lone surrogate. */
export function isUnstorableText(text: string): boolean {
  return text.includes("\u0000") || loneSurrogate.test(text);
}

/**
 * Refuses a body with unstorable text in any string or key, at any depth
 * (walked without recursion: a deeply nested body must not exhaust the stack).
 */
function refuseUnstorableText(value: unknown) {
  const pending: { value: unknown; field: string | undefined }[] = [{ value, field: undefined }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value: current, field } = item;
    if (typeof current === "string") {
      if (isUnstorableText(current)) throw unstorableError(field);
    } else if (Array.isArray(current)) {
      for (const element of current) pending.push({ value: element, field });
    } else if (current !== null && typeof current === "object") {
      for (const [key, element] of Object.entries(current)) {
        if (isUnstorableText(key)) throw unstorableError(field);
        pending.push({ value: element, field: field ?? key });
      }
    }
  }
}

/** Middleware: refuses a query parameter PostgreSQL could not store (tokens and e-mails become keys). */
export const refuseUnstorableQueries: MiddlewareHandler = async (c, next) => {
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (isUnstorableText(name) || values.some(isUnstorableText)) throw unstorableError(name);
  }
  await next();
};

function unstorableError(field: string | undefined) {
  return new ApiError(
    422,
    "validation_failed",
    messages.textUnstorable,
    field === undefined ? undefined : { [field]: messages.textUnstorable },
  );
}

const typeNames: Record<string, string> = {
  string: "text",
  number: "číslo",
  int: "celé číslo",
  boolean: "true, nebo false",
  array: "seznam",
  object: "objekt",
};

/**
 * The message of a refusal the schema gives no words of its own (a number
 * where text belongs, a key that does not belong): Czech, as every other,
 * where zod would answer „Invalid input“. Passed to each parse, so a schema's
 * own message always wins.
 */
export const czechDefaultMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Tento údaj je povinný.";
      return typeNames[issue.expected]
        ? `Hodnota musí být ${typeNames[issue.expected]}.`
        : messages.payloadInvalid;
    case "too_small":
      return issue.origin === "string" || issue.origin === "array"
        ? "Hodnota je příliš krátká."
        : "Hodnota je příliš malá.";
    case "too_big":
      return issue.origin === "string" || issue.origin === "array"
        ? "Hodnota je příliš dlouhá."
        : "Hodnota je příliš velká.";
    case "unrecognized_keys":
      return "Toto pole sem nepatří.";
    case "invalid_value":
      return "Hodnota není žádná z povolených.";
    case "invalid_format":
      return "Hodnota nemá správný tvar.";
    default:
      return messages.payloadInvalid;
  }
};

/** The first message of each top-level field (unknown keys named too), or undefined when none. */
export function toFieldMessages(
  issues: readonly z.core.$ZodIssue[],
): Record<string, string> | undefined {
  // A map: a field named „constructor“ or „__proto__“ is a field like any other here.
  const fields = new Map<string, string>();
  for (const issue of issues) {
    const names =
      issue.code === "unrecognized_keys"
        ? issue.keys
        : issue.path.length
          ? [String(issue.path[0])]
          : [];
    for (const name of names) if (!fields.has(name)) fields.set(name, issue.message);
  }
  return fields.size > 0 ? Object.fromEntries(fields) : undefined;
}
