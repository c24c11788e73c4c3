import { data } from "react-router";
import { paths } from "#shared/routes";
import { LetterScreen } from "~/components/admin/letters-compose-screen";
import { newLetterId } from "~/components/admin/letters-list-screen";
import { AdminApiError, fetchLetter, fetchLetters } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { useScreenKey } from "~/lib/screen-key";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-letter";

export const meta = () =>
  pageMeta({
    title: "Dopis – Administrace",
    description: "Psaní a odeslání dopisu odběratelům, jen pro administrátory.",
    path: paths.adminLetters,
    noIndex: true,
  });

/** One letter (/admin/novinky/dopisy/<id>), or a new one (/novy), with how many would get it. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { email, accessToken } = await requireAdminSession();
  try {
    const [list, letter] = await Promise.all([
      fetchLetters(accessToken),
      params.id === newLetterId ? null : fetchLetter(params.id, accessToken),
    ]);
    return {
      email,
      letter,
      confirmedSubscribers: list.confirmedSubscribers,
      lettersPerHour: list.lettersPerHour,
    };
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export default function AdminLetterPage({ loaderData }: Route.ComponentProps) {
  const screenKey = useScreenKey();
  return (
    <LetterScreen
      // A new screen, not the last one's state, for every letter she opens; the same one when a
      // new letter saved for the first time moves to its own address.
      key={`${loaderData.email} ${screenKey}`}
      email={loaderData.email}
      letter={loaderData.letter}
      confirmedSubscribers={loaderData.confirmedSubscribers}
      lettersPerHour={loaderData.lettersPerHour}
    />
  );
}
