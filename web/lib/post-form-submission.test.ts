import { afterEach, describe, expect, it, vi } from "vitest";
import { postFormSubmission } from "~/lib/post-form-submission";

const payload = {
  formType: "gift_ritual",
  name: "Jana",
  email: "jana@example.cz",
  message: "",
  privacyConsent: true,
} as const;

function answerWith(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("postFormSubmission", () => {
  it("posts the form as JSON with an empty honeypot", async () => {
    const fetchMock = answerWith(json(201, { id: "abc" }));
    await postFormSubmission(payload);
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/form-submissions");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(JSON.parse(String(init.body))).toEqual({ ...payload, website: "" });
  });

  it("passes on a honeypot a bot filled in", async () => {
    const fetchMock = answerWith(json(201, { id: "abc" }));
    await postFormSubmission({ ...payload, website: "http://spam.example" });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).website).toBe("http://spam.example");
  });

  it("reports a stored submission on 201, with its id", async () => {
    answerWith(json(201, { id: "abc" }));
    expect(await postFormSubmission(payload)).toEqual({
      status: "sent",
      id: "abc",
      giftWaits: false,
    });
  });

  it("reports that a ritual gift waits for its video when the server says so", async () => {
    answerWith(json(201, { id: "abc", giftWaits: true }));
    expect(await postFormSubmission(payload)).toEqual({
      status: "sent",
      id: "abc",
      giftWaits: true,
    });
  });

  it("reports a rate limit on 429", async () => {
    answerWith(json(429, { error: { code: "rate_limited", message: "Too many" } }));
    const result = await postFormSubmission(payload);
    expect(result.status).toBe("rate-limited");
    expect(result.status !== "sent" && result.error.message).toContain("429");
  });

  it.each([200, 204, 400, 422, 500, 503])(
    "reports a failure on any other status (%i)",
    async (status) => {
      answerWith(
        status === 204
          ? new Response(null, { status })
          : json(status, { error: { code: "x", message: "y" } }),
      );
      const result = await postFormSubmission(payload);
      expect(result.status).toBe("failed");
    },
  );

  it("names the API's error code and message in the error it reports", async () => {
    answerWith(json(400, { error: { code: "validation_failed", message: "Neplatný e-mail" } }));
    const result = await postFormSubmission(payload);
    expect(result.status !== "sent" && result.error.message).toBe(
      "Form submission answered 400: validation_failed – Neplatný e-mail",
    );
  });

  it("reports a failure when the answer is not JSON", async () => {
    answerWith(new Response("<html>Bad gateway</html>", { status: 502 }));
    const result = await postFormSubmission(payload);
    expect(result.status).toBe("failed");
  });

  it("reports a failure, never throws, when the network is down", async () => {
    answerWith(new TypeError("Failed to fetch"));
    const result = await postFormSubmission(payload);
    expect(result).toEqual({ status: "failed", error: new TypeError("Failed to fetch") });
  });
});
