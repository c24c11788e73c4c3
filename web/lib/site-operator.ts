/**
 * Her „Údaje o provozovateli“ in any component of a page: the published facts the root loader
 * read when the page was rendered (web/lib/root.server.ts). A publish of the item renders every
 * page again (docs/decisions/0036), so a stored page never shows older ones.
 */
import { useRouteLoaderData } from "react-router";
import { type OperatorFacts, operatorDefaults } from "#shared/site";

export function useSiteOperator(): OperatorFacts {
  const data = useRouteLoaderData("root") as { operator?: OperatorFacts } | undefined;
  // No root data only where the root loader did not run: an error thrown before it answered.
  return data?.operator ?? operatorDefaults;
}

/** The same in a route's `meta` (the root's match holds them): the author of structured data. */
export function operatorOfMatches(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): OperatorFacts {
  const root = matches.find((match) => match?.id === "root")?.data as
    | { operator?: OperatorFacts }
    | undefined;
  return root?.operator ?? operatorDefaults;
}
