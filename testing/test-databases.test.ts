import { describe, expect, it } from "vitest";
import { listTestDatabases } from "./test-databases";

describe("the databases the integration tests run on", () => {
  it("are PGlite alone outside CI when no PostgreSQL is named", () => {
    expect(listTestDatabases({}).map((database) => database.name)).toEqual(["PGlite"]);
  });

  it("are PGlite and PostgreSQL when TEST_DATABASE_URL names one", () => {
    const url = "postgres://someone@127.0.0.1:5432/nothing";
    expect(listTestDatabases({ TEST_DATABASE_URL: url, CI: "true" }).map((d) => d.name)).toEqual([
      "PGlite",
      "PostgreSQL",
    ]);
  });

  it("throw in CI without TEST_DATABASE_URL, so the PostgreSQL half fails instead of vanishing", () => {
    expect(() => listTestDatabases({ CI: "true" })).toThrow(/TEST_DATABASE_URL/);
  });
});
