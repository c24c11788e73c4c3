/**
 * The administration's HTTP surface: one sub-app, mounted at /api, with one
 * guard (`requireAdmin`) before every route it has. Its route table is the one
 * list of administration routes: the authorization matrix walks it, the 405
 * answers read it, and the browser's calls are typed from it (`AdminApp`).
 */
import type { MiddlewareHandler } from "hono";
import {
  type ArticlesAdminApiDependencies,
  createArticlesAdminApi,
} from "#server/articles/articles-api";
import type { AdminEnv } from "#server/auth/require-admin";
import { createBookingAdminApi } from "#server/booking/booking-admin-api";
import {
  type BookingSettingsApiDependencies,
  createBookingSettingsApi,
} from "#server/booking/booking-settings-api";
import {
  type ContentAdminApiDependencies,
  createContentAdminApi,
} from "#server/content/content-api";
import {
  createEventsAdminApi,
  type EventsAdminApiDependencies,
} from "#server/events/event-admin-api";
import {
  createEventPeopleApi,
  type EventPeopleApiDependencies,
} from "#server/events/event-admin-people-api";
import { createGuardedApp } from "#server/guarded-app";
import { createMaterialsAdminApi } from "#server/materials/materials-api";
import {
  createLettersAdminApi,
  type LettersAdminApiDependencies,
} from "#server/newsletter/letters-admin-api";
import {
  createNewsletterAdminApi,
  type NewsletterAdminApiDependencies,
} from "#server/newsletter/newsletter-admin-api";
import { createPhotosAdminApi } from "#server/photos/photos-api";
import { createStatsAdminApi, type StatsAdminApiDependencies } from "#server/stats/stats-admin-api";
import { type AdminApiDependencies, createAdminApi } from "./admin-api";
import { createInboxApi } from "./inbox-api";
import { createUsersAdminApi, type UsersAdminApiDependencies } from "./users-api";

export type AdminAppDependencies = AdminApiDependencies &
  Parameters<typeof createInboxApi>[0] &
  UsersAdminApiDependencies &
  Parameters<typeof createMaterialsAdminApi>[0] &
  ContentAdminApiDependencies &
  Parameters<typeof createPhotosAdminApi>[0] &
  ArticlesAdminApiDependencies &
  BookingSettingsApiDependencies &
  Parameters<typeof createBookingAdminApi>[0] &
  NewsletterAdminApiDependencies &
  EventsAdminApiDependencies &
  EventPeopleApiDependencies &
  StatsAdminApiDependencies &
  LettersAdminApiDependencies & {
    /**
     * Lets only an administrator through (`requireAdmin`, built by `app.ts`):
     * the administration does not know how accounts work.
     */
    guard: MiddlewareHandler<AdminEnv>;
  };

export function createAdminApp({ guard, ...dependencies }: AdminAppDependencies) {
  return createGuardedApp(guard)
    .route("/", createAdminApi(dependencies))
    .route("/", createInboxApi(dependencies))
    .route("/", createUsersAdminApi(dependencies))
    .route("/", createMaterialsAdminApi(dependencies))
    .route("/", createContentAdminApi(dependencies))
    .route("/", createArticlesAdminApi(dependencies))
    .route("/", createPhotosAdminApi(dependencies))
    .route("/", createBookingSettingsApi(dependencies))
    .route("/", createBookingAdminApi(dependencies))
    .route("/", createNewsletterAdminApi(dependencies))
    .route("/", createEventsAdminApi(dependencies))
    .route("/", createEventPeopleApi(dependencies))
    .route("/", createStatsAdminApi(dependencies))
    .route("/", createLettersAdminApi(dependencies));
}

/** The administration's routes as the browser's typed client (`hono/client`) reads them. */
export type AdminApp = ReturnType<typeof createAdminApp>;
