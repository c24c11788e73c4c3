/**
 * What a browser sends about events, checked the same in the page and the API: a visitor's
 * sign-up (the forms' name, e-mail, phone and consent rules, `form-schemas.ts`) and her event
 * as the administration's API takes it. Whether the event still has places is the database's
 * to say (server/events/event-signups.ts).
 */
import * as z from "zod/mini";
import { articleSlugSchema } from "./content/article-schemas";
import { eventMessages } from "./events";
import { cancelTokenSchema, signUpPersonFields, strictFormParams } from "./form-schemas";

/** The number of places: a whole number from 1 (the form posts it as text). */
const placesSchema = z.pipe(
  z.union([z.number(eventMessages.places), z.string(eventMessages.places)]),
  z.pipe(
    z.transform((value: number | string) => Number(value)),
    z.int(eventMessages.places).check(z.minimum(1, eventMessages.places)),
  ),
);

/** What `POST /api/events/<id>/signups` and the no-script form accept. */
export const eventSignupRequestSchema = /* @__PURE__ */ z.strictObject(
  { ...signUpPersonFields(), places: z._default(placesSchema, 1) },
  strictFormParams,
);
export type EventSignupPayload = z.input<typeof eventSignupRequestSchema>;
export type EventSignupRequest = z.output<typeof eventSignupRequestSchema>;

export const cancelEventSignupSchema = /* @__PURE__ */ cancelTokenSchema(
  eventMessages.tokenInvalid,
);

export const eventLimits = {
  title: 200,
  /** Characters of HTML. */
  description: 50_000,
  address: 300,
  onlineNote: 500,
  capacity: 1000,
  priceCzk: 1_000_000,
} as const;

export const eventFieldMessages = {
  title: "Napište prosím název akce (nejvýše 200 znaků).",
  description: "Popis je příliš dlouhý.",
  startsAt: "Zadejte prosím začátek akce.",
  endsAt: "Konec musí být po začátku.",
  deadline: "Přihlašování musí skončit nejpozději s koncem akce.",
  address: "Napište prosím adresu (nejvýše 300 znaků).",
  onlineNote: "Poznámka k online setkání může mít nejvýše 500 znaků.",
  placeKind: "Vyberte prosím, zda je akce na adrese, nebo online.",
  price: "Cena musí být celé číslo v korunách (nebo prázdná, když je akce zdarma).",
  capacity: "Počet míst musí být celé číslo od 1 do 1000.",
  maxPlaces: "Počet míst na jednu přihlášku musí být od 1 do kapacity.",
  photo: "Vyberte prosím fotku z knihovny.",
} as const;

const moment = (message: string) =>
  z.pipe(
    z.iso.datetime({ offset: true, error: message }),
    z.transform((value) => new Date(value)),
  );

/** Her event as `POST/PUT /api/admin/events` take it; whether it is live is `publish`'s. */
export const eventInputSchema = /* @__PURE__ */ z
  .strictObject(
    {
      title: z
        .string(eventFieldMessages.title)
        .check(
          z.trim(),
          z.minLength(1, eventFieldMessages.title),
          z.maxLength(eventLimits.title, eventFieldMessages.title),
        ),
      slug: z.optional(articleSlugSchema),
      description: z
        .string(eventFieldMessages.description)
        .check(z.maxLength(eventLimits.description, eventFieldMessages.description)),
      photoId: z.nullable(
        z.string(eventFieldMessages.photo).check(z.uuid(eventFieldMessages.photo)),
      ),
      startsAt: moment(eventFieldMessages.startsAt),
      endsAt: moment(eventFieldMessages.endsAt),
      /** None: the start. */
      signupDeadline: z.optional(moment(eventFieldMessages.deadline)),
      placeKind: z.enum(["address", "online"], eventFieldMessages.placeKind),
      address: z.nullable(
        z
          .string(eventFieldMessages.address)
          .check(z.trim(), z.maxLength(eventLimits.address, eventFieldMessages.address)),
      ),
      onlineNote: z.nullable(
        z
          .string(eventFieldMessages.onlineNote)
          .check(z.trim(), z.maxLength(eventLimits.onlineNote, eventFieldMessages.onlineNote)),
      ),
      priceCzk: z.nullable(
        z
          .int(eventFieldMessages.price)
          .check(z.minimum(0, eventFieldMessages.price), z.maximum(eventLimits.priceCzk)),
      ),
      capacity: z
        .int(eventFieldMessages.capacity)
        .check(
          z.minimum(1, eventFieldMessages.capacity),
          z.maximum(eventLimits.capacity, eventFieldMessages.capacity),
        ),
      maxPlacesPerSignup: z._default(
        z.int(eventFieldMessages.maxPlaces).check(z.minimum(1, eventFieldMessages.maxPlaces)),
        1,
      ),
      waitingList: z._default(z.boolean(), true),
    },
    strictFormParams,
  )
  .check(
    z.refine((event) => event.endsAt > event.startsAt, {
      message: eventFieldMessages.endsAt,
      path: ["endsAt"],
    }),
    z.refine((event) => !event.signupDeadline || event.signupDeadline <= event.endsAt, {
      message: eventFieldMessages.deadline,
      path: ["signupDeadline"],
    }),
    z.refine((event) => event.placeKind === "online" || (event.address ?? "").length > 0, {
      message: eventFieldMessages.address,
      path: ["address"],
    }),
    z.refine((event) => event.maxPlacesPerSignup <= event.capacity, {
      message: eventFieldMessages.maxPlaces,
      path: ["maxPlacesPerSignup"],
    }),
  );
export type EventInputPayload = z.input<typeof eventInputSchema>;
export type EventInput = z.output<typeof eventInputSchema>;
