import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { auditLog } from "#database/schema";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { listAuditEntries, recordAuditEvent } from "./audit-log";

const admin = {
  kind: "account",
  userId: "0f8a3c52-7a4f-4d55-9a0e-1b2c3d4e5f60",
  email: "spravkyne@example.cz",
} as const;
const member = { userId: "1f8a3c52-7a4f-4d55-9a0e-1b2c3d4e5f61", email: "clenka@example.cz" };

describe.each(testDatabases)("the audit log on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  }, openTimeoutMs);
  afterAll(() => handle?.close());

  it("records each kind of event and lists them newest first, in pages", async () => {
    const at = new Date("2026-05-04T08:00:00Z");
    await recordAuditEvent(
      handle.db,
      { action: "role_granted", actor: admin, target: member, role: "member" },
      at,
    );
    await recordAuditEvent(handle.db, {
      action: "role_revoked",
      actor: { kind: "command_line" },
      target: member,
      role: "member",
    });
    await recordAuditEvent(handle.db, {
      action: "two_factor_reset",
      actor: { kind: "command_line" },
      target: member,
    });
    await recordAuditEvent(handle.db, {
      action: "submission_deleted",
      actor: admin,
      submission: { createdAt: new Date("2026-03-14T09:30:00Z"), formType: "contact" },
    });

    const first = await listAuditEntries(handle.db, { limit: 3 });
    expect(first.entries.map((entry) => entry.action)).toEqual([
      "submission_deleted",
      "two_factor_reset",
      "role_revoked",
    ]);
    expect(first.entries[0]).toMatchObject({
      actor_email: "spravkyne@example.cz",
      target_email: null,
      role: null,
      submission: { created_at: "2026-03-14T09:30:00.000Z", form_type: "contact" },
    });
    expect(first.entries[2]).toMatchObject({
      actor_email: null,
      target_email: "clenka@example.cz",
      role: "member",
    });
    expect(first.next_before).toBe(first.entries[2]?.id);

    const second = await listAuditEntries(handle.db, { limit: 3, before: first.next_before ?? 0 });
    expect(second.entries).toEqual([
      expect.objectContaining({
        action: "role_granted",
        at: at.toISOString(),
        actor_email: "spravkyne@example.cz",
        target_email: "clenka@example.cz",
        role: "member",
        submission: null,
      }),
    ]);
    expect(second.next_before).toBeNull();
  });

  it("an entry written in a transaction that fails is not kept", async () => {
    const before = (await listAuditEntries(handle.db)).entries.length;
    await expect(
      handle.db.transaction(async (tx) => {
        await recordAuditEvent(tx, {
          action: "role_granted",
          actor: admin,
          target: member,
          role: "admin",
        });
        throw new Error("the change itself failed");
      }),
    ).rejects.toThrow("the change itself failed");
    expect((await listAuditEntries(handle.db)).entries).toHaveLength(before);
  });

  it("the database refuses to change, delete or truncate an entry", async () => {
    const count = async () => (await handle.db.select().from(auditLog)).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await expect(
      handle.db.update(auditLog).set({ actorEmail: "jina@example.cz" }),
    ).rejects.toThrow();
    await expect(handle.db.delete(auditLog)).rejects.toThrow();
    await expect(handle.db.execute(sql`truncate table audit_log`)).rejects.toThrow();
    expect(await count()).toBe(before);
    const emails = (await handle.db.select().from(auditLog)).map((row) => row.actorEmail);
    expect(emails).not.toContain("jina@example.cz");
  });
});
