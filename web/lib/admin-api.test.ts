/**
 * The browser's calls are typed from the server's routes: a call the server
 * has no route for does not compile (`npm run typecheck` checks the
 * `@ts-expect-error` lines below: each must be an error), and the addresses
 * the typed client builds are the ones the real server serves.
 */
import { hc, type InferRequestType, type InferResponseType } from "hono/client";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { AdminApp } from "#server/admin/admin-app";
import type { MembersApp } from "#server/members/members-app";
import type { RetentionSetting } from "#shared/inbox-schemas";
import type { UserListJson } from "#shared/user-admin";
import { startTestServer, type TestServer } from "#testing/test-app";

describe("the typed client of the administration's API", () => {
  it("refuses at compile time what the server's routes do not take", () => {
    const api = hc<AdminApp>("http://127.0.0.1/api");
    // Never called: only the types are under test.
    const wrongCalls = () => [
      // @ts-expect-error: there is no such route
      api.admin.nothing.$get(),
      // @ts-expect-error: the retention rule is saved with PUT, not POST
      api.admin.retention.$post({ json: { months: 12 } }),
      // @ts-expect-error: the months are a number (or null), not text
      api.admin.retention.$put({ json: { months: "12" } }),
      // @ts-expect-error: a state the shared schema does not know
      api["form-submissions"][":id"].state.$post({ param: { id: "1" }, json: { state: "gone" } }),
      // @ts-expect-error: the erasure needs the address
      api.admin.address.erase.$post({ json: {} }),
      // @ts-expect-error: the members' list is not an administration route
      api.members.materials.$get(),
    ];
    expect(wrongCalls).toBeTypeOf("function");

    expectTypeOf<InferResponseType<typeof api.admin.access.$get>>().toEqualTypeOf<{
      admin: true;
      email: string;
    }>();
    expectTypeOf<InferResponseType<typeof api.admin.users.$get>>().toEqualTypeOf<UserListJson>();
    expectTypeOf<
      InferResponseType<typeof api.admin.retention.$put>
    >().toEqualTypeOf<RetentionSetting>();
    expectTypeOf<InferRequestType<typeof api.admin.users.$get>["query"]>().toEqualTypeOf<{
      q?: string | undefined;
    }>();
  });

  describe("over HTTP", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });

    it("builds addresses the server serves: without a token, the guard answers, not a missing route", async () => {
      const api = hc<AdminApp>(`${server.origin}/api`);
      const members = hc<MembersApp>(`${server.origin}/api`);
      const param = { param: { id: "7d4a6b1e-0c55-4a8f-9a3b-2f1e0d9c8b7a" } };
      for (const answer of [
        api.admin.access.$get(),
        api["form-submissions"][":id"].$delete(param),
        api.admin.users[":id"].roles[":role"].$put({ param: { ...param.param, role: "member" } }),
        api.admin.materials[":id"].$patch({ ...param, json: { title: "Nový název" } }),
        api.admin["audit-log"].$get({ query: { before: "5" } }),
        members.members["access-requests"].$post(),
      ]) {
        const response = await answer;
        expect(response.status, response.url).toBe(401);
      }
    });
  });
});
