/**
 * The root route's loader data, read where pages are rendered and never in the browser: her
 * published „Údaje o provozovateli“, which the footer of every page and the contact section
 * show (web/lib/site-operator.ts). Its module reads her content's schemas (zod), which the
 * root's imports would otherwise bring into every page's JavaScript (perf/budgets.ts).
 */
import type { OperatorFacts } from "#shared/site";
import { readContent } from "~/lib/content.server";
import type { Route } from "../+types/root";

export async function loadRoot({
  context,
}: Pick<Route.LoaderArgs, "context">): Promise<{ operator: OperatorFacts }> {
  return { operator: await readContent(context).read("operator") };
}
