import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { paths } from "#shared/routes";

export default [
  index("routes/home.tsx"),
  route(paths.about, "routes/about.tsx"),
  route(paths.gift, "routes/gift.tsx"),
  route(paths.harmonisation, "routes/harmonisation.tsx"),
  route(paths.members, "routes/members.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
