/**
 * Sign-in throttling over HTTP against the real app and database: a flood
 * of wrong passwords from strangers never locks the owner out, while
 * guessing from one address or from many is still slowed down.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signInAddresses, signInDevices, users } from "#database/schema";
import { createBackgroundTasks } from "#server/background-tasks";
import { createTestApp, startTestServer, type TestServer } from "#testing/test-app";
import { testDatabases } from "#testing/test-databases";
import { grantAdmin } from "./roles";
import { deviceCookieName, signInFailureLimits } from "./throttling";

const password = "spravne-heslo-123";
let server: TestServer;
let accountCounter = 0;

async function call(
  path: string,
  { address, cookie, body }: { address: string; cookie?: string; body: unknown },
) {
  const response = await fetch(`${server.origin}/auth/v1${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": address,
      ...(cookie && { Cookie: cookie }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code?: string; access_token?: string },
    setCookie: response.headers.get("Set-Cookie"),
  };
}

const signIn = (email: string, secret: string, address: string, cookie?: string) =>
  call("/token?grant_type=password", { address, cookie, body: { email, password: secret } });

/** An account that has signed in once from `homeAddress`; returns her device cookie. */
async function createOwner(homeAddress: string) {
  accountCounter += 1;
  const email = `majitelka${accountCounter}-${Date.now()}@example.cz`;
  const signUp = await call("/signup", {
    address: homeAddress,
    body: { email, password, data: { full_name: "Kateřina Lesní" } },
  });
  expect(signUp.status).toBe(200);
  await server.confirmEmail(email);
  const first = await signIn(email, password, homeAddress);
  expect(first.status).toBe(200);
  const cookie = first.setCookie?.split(";")[0];
  expect(cookie).toMatch(new RegExp(`^${deviceCookieName}=[\\w-]{40,}$`));
  return { email, cookie: cookie as string };
}

describe.each(testDatabases)("sign-in throttling on $name", ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server.startFreshWindow(signInFailureLimits.perSource.windowMs));

  it("leaves the administrator's right password working after 50 wrong ones from 50 other addresses: from her usual address, and with her device cookie from a new one", async () => {
    const { email, cookie } = await createOwner("198.18.0.1");
    await server.confirmEmail(email);
    expect(await grantAdmin(server.db, email)).toBe("granted");

    const statuses: number[] = [];
    for (let n = 1; n <= 50; n += 1) {
      statuses.push((await signIn(email, `spatne-${n}`, `203.0.113.${n}`)).status);
    }
    // Wrong passwords answer 400 until untrusted sources have had their share, then 429.
    const { limit } = signInFailureLimits.untrustedPerAccount;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses.slice(limit)).toEqual(Array(50 - limit).fill(429));

    const fromHome = await signIn(email, password, "198.18.0.1");
    expect(fromHome.status).toBe(200);
    expect(fromHome.body.access_token).toEqual(expect.any(String));

    const withCookie = await signIn(email, password, "192.0.2.77", cookie);
    expect(withCookie.status).toBe(200);

    // A stranger's new address, without her cookie, is still held back, right password or not.
    const stranger = await signIn(email, password, "192.0.2.78");
    expect(stranger.status).toBe(429);
    expect(stranger.body.code).toBe("over_request_rate_limit");
  }, 120_000);

  it("throttles guessing from a single address: 429 after the limit, even with the right password, before the password is checked", async () => {
    const { email } = await createOwner("198.18.0.2");
    const { limit } = signInFailureLimits.perSource;
    for (let n = 1; n <= limit; n += 1) {
      expect((await signIn(email, `spatne-${n}`, "203.0.113.200")).status).toBe(400);
    }

    const right = await signIn(email, password, "203.0.113.200");
    expect(right.status).toBe(429);
    expect(right.body.code).toBe("over_request_rate_limit");
    // A cookie the guesser made up is no new source.
    const madeUp = await signIn(email, password, "203.0.113.200", `${deviceCookieName}=vymysleny`);
    expect(madeUp.status).toBe(429);
    // The owner, from her own address, is not affected.
    expect((await signIn(email, password, "198.18.0.2")).status).toBe(200);

    // The window passes and the address may try again.
    server.advance(signInFailureLimits.perSource.windowMs);
    expect((await signIn(email, password, "203.0.113.200")).status).toBe(200);
  }, 120_000);

  it("checks exactly the limit's number of 40 wrong passwords sent at once from one address; the rest wait, told how long", async () => {
    const { email } = await createOwner("198.18.0.6");
    const { limit } = signInFailureLimits.perSource;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        fetch(`${server.origin}/auth/v1/token?grant_type=password`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.201" },
          body: JSON.stringify({ email, password: `spatne-paralelne-${n}` }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(limit).fill(400), ...Array(40 - limit).fill(429)]);
    for (const answer of answers.filter((answer) => answer.status === 429)) {
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // A right password is not counted as a guess: her own address signs in as often as she likes.
    for (let n = 0; n < limit + 2; n += 1) {
      expect((await signIn(email, password, "198.18.0.6")).status).toBe(200);
    }
  }, 120_000);

  it("throttles guessing spread over many untrusted addresses account-wide, for untrusted sources only", async () => {
    const { email } = await createOwner("198.18.0.3");
    const { limit } = signInFailureLimits.untrustedPerAccount;
    // Each address stays under its own limit; together they reach the account's.
    for (let n = 1; n <= limit; n += 1) {
      expect((await signIn(email, `spatne-${n}`, `198.51.100.${n}`)).status).toBe(400);
    }

    expect((await signIn(email, password, "198.51.100.250")).status).toBe(429);
    expect((await signIn(email, password, "198.18.0.3")).status).toBe(200);
    // Another account is not affected.
    const other = await createOwner("198.18.0.4");
    expect((await signIn(other.email, password, "198.51.100.251")).status).toBe(200);
  }, 120_000);

  it("counts an IPv6 guesser by the /64 network", async () => {
    const { email } = await createOwner("198.18.0.5");
    const { limit } = signInFailureLimits.perSource;
    for (let n = 1; n <= limit; n += 1) {
      const address = `2001:db8:7:7::${n.toString(16)}`;
      expect((await signIn(email, `spatne-${n}`, address)).status).toBe(400);
    }
    expect((await signIn(email, password, "2001:db8:7:7:ffff::1")).status).toBe(429);
  }, 120_000);

  it("keeps only a digest of the device cookie, and remembers the address block she signed in from", async () => {
    const { email, cookie } = await createOwner("2001:db8:5:5::1");
    const token = cookie.slice(deviceCookieName.length + 1);

    const devices = await server.db.select().from(signInDevices);
    expect(devices.some((device) => device.tokenHash === token)).toBe(false);
    expect(JSON.stringify(devices)).not.toContain(token);
    const [user] = await server.db.query.users.findMany({
      where: (users) => eq(users.email, email),
    });
    const known = await server.db
      .select()
      .from(signInAddresses)
      .where(eq(signInAddresses.userId, user?.id ?? ""));
    expect(known.map((row) => row.addressBlock)).toEqual(["2001:db8:5:5::/64"]);
  });
});

describe("the device cookie", () => {
  it("is HttpOnly, SameSite=Strict, limited to /auth/v1, long-lived, and Secure on an https site", async () => {
    const database = await testDatabases[0]?.open();
    if (!database) throw new Error("no test database");
    try {
      const background = createBackgroundTasks();
      const app = createTestApp(database, { background });
      const post = (path: string, body: unknown) =>
        app.request(`/auth/v1${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.18.1.1" },
          body: JSON.stringify(body),
        });
      const email = "cookie@example.cz";
      expect(
        (await post("/signup", { email, password, data: { full_name: "Jana Nová" } })).status,
      ).toBe(200);
      // Made after the answer; confirmed as her link would.
      await background.idle();
      await database.db
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(eq(users.email, email));
      const signedIn = await post("/token?grant_type=password", { email, password });
      expect(signedIn.status).toBe(200);

      const attributes = (signedIn.headers.get("Set-Cookie") ?? "").split(/;\s*/);
      expect(attributes[0]).toMatch(new RegExp(`^${deviceCookieName}=`));
      expect(attributes).toEqual(
        expect.arrayContaining([
          "Path=/auth/v1",
          "HttpOnly",
          "SameSite=Strict",
          "Secure",
          `Max-Age=${365 * 24 * 60 * 60}`,
        ]),
      );
      // A failed sign-in sets nothing.
      const failed = await post("/token?grant_type=password", { email, password: "spatne" });
      expect(failed.status).toBe(400);
      expect(failed.headers.get("Set-Cookie")).toBeNull();
    } finally {
      await database.close();
    }
  }, 180_000);
});
